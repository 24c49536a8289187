import { describe, it } from 'vitest';
import { given } from '../shared/given';
import { mediaDecider, mediaUploadDecider, type MediaEvent, type MediaUploadEvent } from './decider';
import type { MediaTarget } from './rules';

const token = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const target: MediaTarget = { kind: 'logo', logoType: 'organization-logo' };
const grant = {
  token,
  organizationId: 'org-a',
  target,
  folder: 'orgs/org-a/logos',
  fileName: 'logo.png',
  expire: Date.parse('2026-03-01T10:10:00Z') / 1000,
};
const authorized: MediaUploadEvent = {
  type: 'ImageUploadAuthorized',
  data: { ...grant, authorizedBy: 'user-1' },
};
const use = (over: Partial<{ folder: string; fileName: string; now: string }> = {}) => ({
  type: 'UseImageUploadToken' as const,
  token,
  folder: grant.folder,
  fileName: grant.fileName,
  now: '2026-03-01T10:05:00Z',
  ...over,
});

describe('signed upload token (api.md 7.5)', () => {
  it('is granted once for one place', () => {
    given(mediaUploadDecider, [])
      .when({ type: 'AuthorizeImageUpload', authorizedBy: 'user-1', ...grant })
      .then([authorized]);
  });

  it('is used once, before it expires, for the place it was signed for', () => {
    given(mediaUploadDecider, [authorized])
      .when(use())
      .then([
        {
          type: 'ImageUploadTokenUsed',
          data: { token, organizationId: 'org-a', usedAt: '2026-03-01T10:05:00Z' },
        },
      ]);
  });

  it('refuses a second use of the same token', () => {
    const used: MediaUploadEvent = {
      type: 'ImageUploadTokenUsed',
      data: { token, organizationId: 'org-a', usedAt: '2026-03-01T10:05:00Z' },
    };
    given(mediaUploadDecider, [authorized, used]).when(use()).thenThrows('media.tokenUsed');
  });

  it('refuses a token used after its expiry', () => {
    given(mediaUploadDecider, [authorized])
      .when(use({ now: '2026-03-01T10:10:01Z' }))
      .thenThrows('media.expired');
  });

  it("refuses another folder, another organisation's above all", () => {
    given(mediaUploadDecider, [authorized])
      .when(use({ folder: 'orgs/org-b/logos' }))
      .thenThrows('media.wrongFolder');
    given(mediaUploadDecider, [authorized])
      .when(use({ fileName: 'logo-negative.png' }))
      .thenThrows('media.wrongFolder');
  });

  it('refuses a token it never signed', () => {
    given(mediaUploadDecider, []).when(use()).thenThrows('media.badSignature');
  });
});

describe('an image place (upload_media, delete_media)', () => {
  const place = { organizationId: 'org-a', target, folder: grant.folder, fileName: grant.fileName };
  const uploaded: MediaEvent = {
    type: 'MediaUploaded',
    data: {
      ...place,
      url: '/media/orgs/org-a/logos/logo.png?v=1',
      size: 120,
      uploadedAt: '2026-03-01T10:05:00Z',
    },
  };

  it('records an upload, replacing any earlier image', () => {
    given(mediaDecider, [uploaded])
      .when({ type: 'UploadMedia', ...place, url: uploaded.data.url, size: 120, now: '2026-03-01T10:05:00Z' })
      .then([uploaded]);
  });

  it('removes a present image', () => {
    given(mediaDecider, [uploaded])
      .when({ type: 'DeleteMedia', organizationId: 'org-a', target, now: '2026-03-02T00:00:00Z' })
      .then([{ type: 'MediaDeleted', data: { ...place, deletedAt: '2026-03-02T00:00:00Z' } }]);
  });

  it("keeps the image host's file id, and names it when the image is removed", () => {
    const onImageKit: MediaEvent = {
      type: 'MediaUploaded',
      data: {
        ...uploaded.data,
        url: 'https://ik.imagekit.io/okul/orgs/org-a/logos/logo.png?v=1',
        fileId: 'ik-1',
      },
    };
    given(mediaDecider, [])
      .when({
        type: 'UploadMedia',
        ...place,
        url: onImageKit.data.url,
        size: 120,
        now: '2026-03-01T10:05:00Z',
        fileId: 'ik-1',
      })
      .then([onImageKit]);
    given(mediaDecider, [onImageKit])
      .when({ type: 'DeleteMedia', organizationId: 'org-a', target, now: '2026-03-02T00:00:00Z' })
      .then([
        { type: 'MediaDeleted', data: { ...place, deletedAt: '2026-03-02T00:00:00Z', fileId: 'ik-1' } },
      ]);
    // a later upload the server hosts replaces the file: nothing is left to remove at the host
    given(mediaDecider, [onImageKit, uploaded])
      .when({ type: 'DeleteMedia', organizationId: 'org-a', target, now: '2026-03-02T00:00:00Z' })
      .then([{ type: 'MediaDeleted', data: { ...place, deletedAt: '2026-03-02T00:00:00Z' } }]);
  });

  it('refuses removing an image that is not there', () => {
    given(mediaDecider, [])
      .when({ type: 'DeleteMedia', organizationId: 'org-a', target, now: '2026-03-02T00:00:00Z' })
      .thenThrows('media.notFound');
    given(mediaDecider, [uploaded, { type: 'MediaDeleted', data: { ...place, deletedAt: 'x' } }])
      .when({ type: 'DeleteMedia', organizationId: 'org-a', target, now: '2026-03-02T00:00:00Z' })
      .thenThrows('media.notFound');
  });
});
