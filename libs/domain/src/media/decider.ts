import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { mediaTargetKey, type MediaTarget } from './rules';

/**
 * A signed upload (api.md 7.5), stream `media-upload-<token>`: the signature answered by requestImageUpload
 * is for one place (folder and file name) of one organisation, and its token is used once before it expires.
 */
export interface UploadGrant {
  token: string;
  organizationId: string;
  target: MediaTarget;
  folder: string;
  fileName: string;
  /** Unix seconds, as ImageKit's `expire`. */
  expire: number;
}

export type MediaUploadEvent =
  | DomainEvent<'ImageUploadAuthorized', UploadGrant & { authorizedBy: string | null }>
  | DomainEvent<'ImageUploadTokenUsed', { token: string; organizationId: string; usedAt: string }>;

export type MediaUploadCommand =
  | ({ type: 'AuthorizeImageUpload'; authorizedBy: string | null } & UploadGrant)
  | { type: 'UseImageUploadToken'; token: string; folder: string; fileName: string; now: string };

export type MediaUploadState =
  { status: 'none' } | { status: 'authorized' | 'used'; grant: UploadGrant; authorizedBy: string | null };

export const mediaUploadStream = (token: string) => `media-upload-${token}`;

export function decideMediaUpload(command: MediaUploadCommand, state: MediaUploadState): MediaUploadEvent[] {
  switch (command.type) {
    case 'AuthorizeImageUpload': {
      if (state.status !== 'none') throw new DomainError('media.tokenUsed');
      const { type: _t, authorizedBy, ...grant } = command;
      return [{ type: 'ImageUploadAuthorized', data: { ...grant, authorizedBy } }];
    }
    case 'UseImageUploadToken': {
      // An unknown token was never signed by us.
      if (state.status === 'none') throw new DomainError('media.badSignature');
      if (state.status === 'used') throw new DomainError('media.tokenUsed');
      const { grant } = state;
      if (Date.parse(command.now) > grant.expire * 1000) throw new DomainError('media.expired');
      // The signature is for one place only: another folder (another organisation's above all) is refused.
      if (command.folder !== grant.folder || command.fileName !== grant.fileName)
        throw new DomainError('media.wrongFolder');
      return [
        {
          type: 'ImageUploadTokenUsed',
          data: { token: grant.token, organizationId: grant.organizationId, usedAt: command.now },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveMediaUpload(state: MediaUploadState, event: MediaUploadEvent): MediaUploadState {
  switch (event.type) {
    case 'ImageUploadAuthorized': {
      const { authorizedBy, ...grant } = event.data;
      return { status: 'authorized', grant, authorizedBy };
    }
    case 'ImageUploadTokenUsed':
      return state.status === 'none' ? state : { ...state, status: 'used' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const mediaUploadDecider: Decider<MediaUploadCommand, MediaUploadEvent, MediaUploadState> = {
  decide: decideMediaUpload,
  evolve: evolveMediaUpload,
  initialState: { status: 'none' },
};

/** One image place of an organisation (a record's avatar or cover, a logo variant), stream `media-<org>-<key>`. */
interface Place {
  organizationId: string;
  target: MediaTarget;
  folder: string;
  fileName: string;
}

export type MediaEvent =
  | DomainEvent<
      'MediaUploaded',
      Place & {
        /** The image's address with its cache-busting timestamp (api.md 7.5), as the records show it. */
        url: string;
        size: number | null;
        uploadedAt: string;
        /** The image host's id of the file (ImageKit's fileId); absent when the server hosts it. */
        fileId?: string;
      }
    >
  | DomainEvent<
      'MediaDeleted',
      Place & {
        deletedAt: string;
        /** The image host's file that is to be removed there too (ImageKit's fileId), when one is known. */
        fileId?: string;
      }
    >;

export type MediaCommand =
  | (Place & { type: 'UploadMedia'; url: string; size: number | null; now: string; fileId?: string })
  | { type: 'DeleteMedia'; organizationId: string; target: MediaTarget; now: string };

export type MediaState =
  { status: 'none' | 'deleted' } | { status: 'present'; place: Place; fileId: string | null };

export const mediaStream = (organizationId: string, target: MediaTarget) =>
  `media-${organizationId}-${mediaTargetKey(target)}`;

export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'UploadMedia': {
      const { type: _t, now, fileId, ...rest } = command;
      // useUniqueFileName false, overwriteFile true (api.md 7.5): a new upload replaces the image.
      return [{ type: 'MediaUploaded', data: { ...rest, uploadedAt: now, ...(fileId ? { fileId } : {}) } }];
    }
    case 'DeleteMedia': {
      if (state.status !== 'present' || state.place.organizationId !== command.organizationId)
        throw new DomainError('media.notFound');
      const { fileId } = state;
      return [
        {
          type: 'MediaDeleted',
          data: { ...state.place, deletedAt: command.now, ...(fileId ? { fileId } : {}) },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaUploaded': {
      const { organizationId, target, folder, fileName, fileId } = event.data;
      return {
        status: 'present',
        place: { organizationId, target, folder, fileName },
        fileId: fileId ?? null,
      };
    }
    case 'MediaDeleted':
      return { status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  decide: decideMedia,
  evolve: evolveMedia,
  initialState: { status: 'none' },
};
