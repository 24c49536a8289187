import { describe, expect, it } from 'vitest';
import {
  LOGO_TYPES,
  detectImageType,
  mediaLocation,
  parseImageTransform,
  parseMediaLocation,
  withImageTransform,
  type MediaTarget,
} from './rules';
import { requestImageUploadSchema } from './schemas';

const ORG = 'org-1';
const ID = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('api.md 7.5 folders and file names', () => {
  it.each<[MediaTarget, string, string]>([
    [{ kind: 'instructor', id: ID }, `orgs/${ORG}/instructors/${ID}`, 'avatar.jpg'],
    [{ kind: 'employee', id: ID }, `orgs/${ORG}/employees/${ID}`, 'avatar.jpg'],
    [{ kind: 'course', id: ID }, `orgs/${ORG}/courses/${ID}`, 'cover.jpg'],
    [{ kind: 'logo', logoType: 'organization-logo' }, `orgs/${ORG}/logos`, 'logo.png'],
    [{ kind: 'logo', logoType: 'organization-logo-negative' }, `orgs/${ORG}/logos`, 'logo-negative.png'],
    [{ kind: 'logo', logoType: 'organization-logo-only' }, `orgs/${ORG}/logos`, 'logo-only.png'],
    [
      { kind: 'logo', logoType: 'organization-logo-only-negative' },
      `orgs/${ORG}/logos`,
      'logo-only-negative.png',
    ],
  ])('%o lives in %s as %s, and the path reads back as the same target', (target, folder, fileName) => {
    expect(mediaLocation(ORG, target)).toEqual({ folder, fileName });
    expect(parseMediaLocation(folder, fileName)).toEqual({ organizationId: ORG, target });
  });

  it.each([
    ['orgs/org-1/../secrets', 'avatar.jpg'],
    ['orgs/org-1/instructors/..', 'avatar.jpg'],
    ['orgs/org-1/instructors/x', 'cover.jpg'],
    ['orgs/org-1/logos', 'logo.exe'],
    ['orgs/../logos', 'logo.png'],
    ['other/org-1/logos', 'logo.png'],
    ['orgs/org-1/students/x', 'avatar.jpg'],
  ])('%s/%s is no place of api.md 7.5', (folder, fileName) => {
    expect(parseMediaLocation(folder, fileName)).toBeNull();
  });
});

describe('api.md 9.5 types jpg, jpeg, png, webp, told by content', () => {
  it('knows the three formats by their magic bytes', () => {
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
    expect(detectImageType(webp)).toBe('webp');
  });

  it('refuses a program, a GIF and an empty file whatever their names', () => {
    expect(detectImageType(new TextEncoder().encode('MZ\x90\0\x03\0\0\0'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('tr= transformations (ImageKit syntax)', () => {
  it('reads the avatar and cover sizes of api.md 7.5', () => {
    expect(parseImageTransform('w-300,h-300,fo-face')).toEqual({ width: 300, height: 300, focus: 'face' });
    expect(parseImageTransform('w-575,h-375,fo-auto')).toEqual({ width: 575, height: 375, focus: 'auto' });
    expect(parseImageTransform('w-120')).toEqual({ width: 120, height: null, focus: 'center' });
  });

  it('asks for no resize when nothing sensible is given', () => {
    expect(parseImageTransform(undefined)).toBeNull();
    expect(parseImageTransform('')).toBeNull();
    expect(parseImageTransform('w-0,h-99999,bl-10')).toBeNull();
    expect(parseImageTransform('w-abc')).toBeNull();
  });

  it('adds tr to a versioned URL without losing the version', () => {
    expect(withImageTransform('/media/a.jpg?v=1', 'w-300')).toBe('/media/a.jpg?v=1&tr=w-300');
    expect(withImageTransform('/media/a.jpg', 'w-300')).toBe('/media/a.jpg?tr=w-300');
  });
});

describe('requestImageUpload body (product.md 5, api.md 8.4)', () => {
  const refusal = (body: unknown) => {
    const r = requestImageUploadSchema.safeParse(body);
    return r.success ? null : r.error.issues[0].message;
  };

  it('reads the four logo types and the records', () => {
    for (const logoType of LOGO_TYPES)
      expect(requestImageUploadSchema.parse({ target: 'logo', logoType })).toEqual({
        kind: 'logo',
        logoType,
      });
    expect(requestImageUploadSchema.parse({ target: 'course', id: ID })).toEqual({ kind: 'course', id: ID });
  });

  it('words the helper errors', () => {
    expect(refusal({})).toBe('Eksik parametre');
    expect(refusal({ target: 'logo', logoType: 'favicon' })).toBe('Invalid logo type name');
    expect(refusal({ target: 'logo' })).toBe('Invalid logo type name');
    expect(refusal({ target: 'instructor' })).toBe('Medya yüklenemedi');
  });
});
