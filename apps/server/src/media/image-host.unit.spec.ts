import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { imageHost, isValidUploadSignature, signUpload } from './image-host';

describe('ImageKit-compatible upload signature (api.md 7.5)', () => {
  it("matches ImageKit's documented example", () => {
    expect(signUpload('private_key_test', 'your_token', 1582269249)).toBe(
      'e71bcd6031016b060d349d212e23e85c791decdd',
    );
  });

  it('accepts only the exact signature of that token and expiry', () => {
    const sig = signUpload('k', 'token-1', 100);
    expect(isValidUploadSignature('k', 'token-1', '100', sig)).toBe(true);
    expect(isValidUploadSignature('k', 'token-1', '101', sig)).toBe(false);
    expect(isValidUploadSignature('k', 'token-2', '100', sig)).toBe(false);
    expect(isValidUploadSignature('other', 'token-1', '100', sig)).toBe(false);
    expect(isValidUploadSignature('k', 'token-1', '100', sig.slice(1))).toBe(false);
  });
});

describe('image host', () => {
  const secret = 'x'.repeat(40);

  it('is the server itself unless all three ImageKit variables are set', () => {
    const embedded = imageHost(loadConfig({ JWT_SECRET: secret, IMAGEKIT_PUBLIC_KEY: 'pub' }));
    expect(embedded.kind).toBe('embedded');
    expect(embedded.uploadUrl).toBe('/api/v1/media/upload');
    expect(embedded.urlEndpoint).toBe('/media');
    expect(embedded.privateKey).not.toContain(secret);
  });

  it('points at ImageKit with its keys and URL endpoint', () => {
    const host = imageHost(
      loadConfig({
        JWT_SECRET: secret,
        IMAGEKIT_PUBLIC_KEY: 'public_abc',
        IMAGEKIT_PRIVATE_KEY: 'private_abc',
        IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/okul/',
      }),
    );
    expect(host).toEqual({
      kind: 'imagekit',
      publicKey: 'public_abc',
      privateKey: 'private_abc',
      uploadUrl: 'https://upload.imagekit.io/api/v1/files/upload',
      urlEndpoint: 'https://ik.imagekit.io/okul',
    });
  });
});
