import { analyzeText } from '../../domain/text/analyze-text.ts';
import { AnalyzeTextRequest, AnalyzeTextResult } from '../../schemas/api/content-requests.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';

// analyze-text {text} -> counts, LIX and reading-aloud time (domain/text/analyze-text.ts). It
// reads no data, so anyone logged in to the app may ask (public-report sessions use no editor).

export const analyzeTextRequest = typedRequest({
  permission: 'Any logged-in user (not a public-report session).',
  effect: 'Reads the text\'s characters, words, sentences, paragraphs, long words, LIX readability and reading-aloud time; stores nothing.',
  body: AnalyzeTextRequest,
  result: AnalyzeTextResult,
  async handle(request, body) {
    requireUser(request);
    return analyzeText(body.text);
  },
});
