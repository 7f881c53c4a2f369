import { languageTable } from '../translations.ts';

// The swe2 texts, loaded when the session's language is swe2. The build puts the computed table here
// in place of this code (tools/build/language-texts.ts), so the chunk holds this language only.
export default languageTable('swe2');
