import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest. With SECOND_FACTOR_KEY set they are sealed with AES-256-GCM (key: SHA-256 of
 * the configured text), bound to the operator's id as associated data so a sealed secret cannot be
 * moved to another account; without a key they are stored as they are (still never answered again).
 */
export function createSecretSealer(configuredKey: string | undefined) {
  const key = configuredKey === undefined ? null : createHash('sha256').update(configuredKey).digest();
  return {
    seal(userId: string, base32: string): string {
      if (key === null) return `plain:${base32}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
      return `gcm:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
    },
    open(userId: string, stored: string): string {
      if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
      const [scheme, iv, tag, sealed] = stored.split(':');
      if (scheme !== 'gcm' || iv === undefined || tag === undefined || sealed === undefined)
        throw new Error('unknown second-factor secret format');
      if (key === null) throw new Error('a second-factor secret is sealed but SECOND_FACTOR_KEY is not set');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretSealer = ReturnType<typeof createSecretSealer>;
