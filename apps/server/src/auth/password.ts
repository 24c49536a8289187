import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP-level memory cost); Algorithm.Argon2id = 2.
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: 2 });
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
