import type { Role } from './scenario.ts';

// What a response's status may be, per cell of the authorisation table.
//   ok       2xx (101 for a websocket): the request did what it asked
//   reached  ok, or a 4xx that is not 401/403 (400, 404, 409, 429): the caller got past
//            authorisation and the request was judged on its content (a rebuild with the rules in
//            force, a login that a rate limit slows down)
//   denied   403 AccessDenied
//   unauth   401 Unauthorized
//   refused  403, or 404 where the route does not reveal that another user's row exists
//   okOrUnauth  either (anonymous logout and ping: harmless both ways)
//   redirected  3xx: sent on to another address (a page that moved)
//   invalid  400 ValidationError: the caller may use the route, not on this target (a message to
//            someone who is not among the caller's receivers names the recipient field)
export type Outcome = 'ok' | 'reached' | 'denied' | 'unauth' | 'refused' | 'okOrUnauth' | 'invalid' | 'redirected';

export type Row = Record<Role, Outcome>;

export function matches(outcome: Outcome, status: number): boolean {
  const ok = (status >= 200 && status < 300) || status === 101;
  const passed = ok || (status >= 400 && status < 500 && status !== 401 && status !== 403);
  switch (outcome) {
    case 'ok':
      return ok;
    case 'reached':
      return passed;
    case 'denied':
      return status === 403;
    case 'unauth':
      return status === 401;
    case 'refused':
      return status === 403 || status === 404;
    case 'okOrUnauth':
      return ok || status === 401;
    case 'invalid':
      return status === 400;
    case 'redirected':
      return status >= 300 && status < 400;
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${String(never)}`);
    }
  }
}
