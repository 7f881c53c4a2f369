import { languageTable } from '../translations.ts';

// The fin texts, loaded when the session's language is fin. The build puts the computed table here
// in place of this code (tools/build/language-texts.ts), so the chunk holds this language only.
export default languageTable('fin');
