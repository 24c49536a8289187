import { describe, expect, it } from 'vitest';
import { checkUpload, uploadErrorText } from './image-upload';

const file = (name: string, size = 1000) => ({ name, size });
const logo = { target: 'logo' as const, logoType: 'organization-logo' };

describe('product.md 5 Image upload checks', () => {
  it('needs the organisation, the file and the target: Eksik parametre', () => {
    expect(checkUpload('', file('a.png'), logo)).toBe('Eksik parametre');
    expect(checkUpload('org', null, logo)).toBe('Eksik parametre');
    expect(checkUpload('org', file('a.png'), null)).toBe('Eksik parametre');
  });

  it('knows the four logo types only: Invalid logo type name', () => {
    expect(checkUpload('org', file('a.png'), { target: 'logo', logoType: 'favicon' })).toBe(
      'Invalid logo type name',
    );
  });

  it('takes 512 KB at most: Dosya çok büyük.', () => {
    expect(checkUpload('org', file('a.png', 512 * 1024), logo)).toBeNull();
    expect(checkUpload('org', file('a.png', 512 * 1024 + 1), logo)).toBe('Dosya çok büyük.');
  });

  it('takes jpg, jpeg, png and webp', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.webp'])
      expect(checkUpload('org', file(name), logo)).toBeNull();
    expect(checkUpload('org', file('a.gif'), logo)).toContain('yalnızca jpg, jpeg, png veya webp');
  });
});

describe('api.md 8.4 upload helper errors', () => {
  it("shows the server's error or message, else Upload failed, else the status text", () => {
    expect(uploadErrorText(413, 'Payload Too Large', '{"error":"Dosya çok büyük."}')).toBe(
      'Dosya çok büyük.',
    );
    expect(uploadErrorText(400, 'Bad Request', '{"message":"Your request contains invalid file"}')).toBe(
      'Your request contains invalid file',
    );
    expect(uploadErrorText(0, '', '')).toBe('Upload failed');
    expect(uploadErrorText(502, 'Bad Gateway', '<html>')).toBe('Bad Gateway');
  });
});
