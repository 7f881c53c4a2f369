import { SignJWT } from 'jose';
import { encodeSession, type Session } from '../../../infra/auth/session.ts';
import type { SecurityScenario } from './scenario.ts';

// Credentials an attacker can make without the server's secrets: an operator's session in an
// unsigned or re-signed cookie, a JWT with alg "none", signed with a guessed key or with the
// cookie secret, and garbage. None may count for more than no credentials at all.

export interface ForgedCredential {
  kind: string;
  headers: Record<string, string>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function forgedCredentials(s: SecurityScenario): Promise<ForgedCredential[]> {
  const operator: Session = { userId: s.users.operator.id, sessionToken: s.session('operator')!.sessionToken, admin: true, publicReport: false, loginTime: new Date().toISOString() };
  const caregiverCookie = s.session('caregiver')!.cookie.slice('sointu_session='.length);
  const caregiverSignature = caregiverCookie.slice(caregiverCookie.lastIndexOf('.') + 1);
  const jwt = (secret: string) =>
    new SignJWT({ session: operator }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(operator.userId)).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
  return [
    { kind: 'unsigned cookie of an operator session', headers: { cookie: `sointu_session=${encodeSession(operator)}` } },
    { kind: "operator session under the caregiver's cookie signature", headers: { cookie: `sointu_session=${encodeSession(operator)}.${caregiverSignature}` } },
    { kind: 'JWT with alg none', headers: { authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ session: operator, sub: String(operator.userId) })}.` } },
    { kind: 'JWT signed with a guessed key', headers: { authorization: `Bearer ${await jwt('secret')}` } },
    { kind: 'JWT signed with the cookie secret', headers: { authorization: `Bearer ${await jwt('test-cookie-secret')}` } },
    { kind: 'garbage bearer', headers: { authorization: `Bearer ${'A'.repeat(8000)}.${'\u00e9'}.x` } },
    { kind: 'malformed cookie header', headers: { cookie: 'sointu_session=%ZZ%00; =; sointu_session' } },
  ];
}
