-- The length of an uploaded sound or video in seconds, read from the media itself at upload
-- (music-metadata): a new audio file made from the upload takes it, so nobody types it in.
-- NULL for pictures and documents, and for a media file whose length could not be read.
ALTER TABLE files ADD COLUMN IF NOT EXISTS length real CHECK (length IS NULL OR length >= 0);
