import { hash, verify } from '@node-rs/argon2';

// Argon2id, memory-hard (OWASP: 19 MiB, 2 iterations). The encoded hash carries its own parameters,
// so raising them later only affects new hashes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(encodedHash: string | null, password: string): Promise<boolean> {
  if (!encodedHash) return false;
  try {
    return await verify(encodedHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}
