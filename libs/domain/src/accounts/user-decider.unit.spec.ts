import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import {
  decideEmailReservation,
  decideUser,
  emailReservationDecider,
  userDecider,
  type UserCommand,
  type UserEvent,
} from './user-decider';

const userId = '00000000-0000-4000-8000-000000000001';
const t0 = '2026-03-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ayse@example.com',
    name: 'Ayşe',
    surname: 'Yılmaz',
    phone: null,
    tckn: null,
    passwordHash: 'h0',
    registrationStatus: 'pending_payment',
    globalRoleId: null,
    registeredAt: t0,
  },
};
const given = (events: UserEvent[]) => fold(userDecider, events);
/** given / when: decide on the folded history and answer the events. */
const when = (events: UserEvent[], command: UserCommand) => decideUser(command, given(events));
const requested = (hash: string, expiresAt = later(60), email = 'ayse@example.com'): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: { userId, email, tokenHash: hash, expiresAt, requestedAt: t0 },
});

describe('e-mail verification', () => {
  it('verifies with the latest token before it expires', () => {
    const events = when([registered, requested('a')], {
      type: 'VerifyEmail',
      email: 'ayse@example.com',
      presentedHash: 'a',
      now: later(5),
    });
    expect(events).toEqual([
      { type: 'UserEmailVerified', data: { userId, email: 'ayse@example.com', verifiedAt: later(5) } },
    ]);
  });
  it.each([
    ['a wrong token', [requested('a')], 'b', later(5)],
    ['an expired token', [requested('a', later(10))], 'a', later(10)],
    ['a token replaced by a newer one', [requested('a'), requested('b')], 'a', later(5)],
    ['no token at all', [], 'a', later(5)],
  ])('refuses %s', (_name, history, hash, now) => {
    expect(() =>
      when([registered, ...(history as UserEvent[])], {
        type: 'VerifyEmail',
        email: 'ayse@example.com',
        presentedHash: hash as string,
        now: now as string,
      }),
    ).toThrow('Email adresiniz doğrulanamadı.');
  });
  it('refuses a token used once already', () => {
    const history: UserEvent[] = [registered, requested('a')];
    const used = when(history, {
      type: 'VerifyEmail',
      email: 'ayse@example.com',
      presentedHash: 'a',
      now: later(1),
    });
    expect(() =>
      when([...history, ...used], {
        type: 'VerifyEmail',
        email: 'ayse@example.com',
        presentedHash: 'a',
        now: later(2),
      }),
    ).toThrow('Email adresiniz doğrulanamadı.');
  });
  it('refuses a token sent to another address than the one presented', () => {
    expect(() =>
      when([registered, requested('a')], {
        type: 'VerifyEmail',
        email: 'other@example.com',
        presentedHash: 'a',
        now: later(1),
      }),
    ).toThrow();
  });
  it('does not send a new link to a verified address', () => {
    const verified: UserEvent = {
      type: 'UserEmailVerified',
      data: { userId, email: 'ayse@example.com', verifiedAt: t0 },
    };
    expect(() =>
      when([registered, verified], {
        type: 'RequestEmailVerification',
        tokenHash: 'x',
        expiresAt: later(60),
        now: t0,
      }),
    ).toThrow('E-posta adresiniz zaten doğrulanmış.');
  });
  it('starts an invited user verified', () => {
    const { registeredAt, ...data } = registered.data as Extract<
      UserEvent,
      { type: 'UserRegistered' }
    >['data'];
    const events = decideUser(
      { type: 'RegisterUser', ...data, emailVerified: true, now: registeredAt },
      given([]),
    );
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserEmailVerified']);
  });
  it('sends a self-registered user the verification link with the registration', () => {
    const { registeredAt, ...data } = registered.data as Extract<
      UserEvent,
      { type: 'UserRegistered' }
    >['data'];
    const events = when([], {
      type: 'RegisterUser',
      ...data,
      emailVerification: { tokenHash: 'v', expiresAt: later(60) },
      now: registeredAt,
    });
    expect(events).toEqual([registered, requested('v')]);
    // the link just sent verifies the address
    expect(
      when(events, { type: 'VerifyEmail', email: 'ayse@example.com', presentedHash: 'v', now: later(1) }),
    ).toHaveLength(1);
  });
});

describe('password reset', () => {
  const resetRequested = (hash: string, expiresAt = later(60)): UserEvent => ({
    type: 'PasswordResetRequested',
    data: { userId, email: 'ayse@example.com', tokenHash: hash, expiresAt, requestedAt: t0 },
  });
  it('resets once with the token and also proves the address', () => {
    const history = [registered, resetRequested('r')];
    const events = when(history, {
      type: 'ResetPassword',
      email: 'ayse@example.com',
      presentedHash: 'r',
      passwordHash: 'h1',
      now: later(3),
    });
    expect(events.map((e) => e.type)).toEqual(['UserPasswordReset', 'UserEmailVerified']);
    expect(() =>
      when([...history, ...events], {
        type: 'ResetPassword',
        email: 'ayse@example.com',
        presentedHash: 'r',
        passwordHash: 'h2',
        now: later(4),
      }),
    ).toThrow('Şifre sıfırlama bağlantısı geçersiz');
  });
  it('refuses an expired reset token', () => {
    expect(() =>
      when([registered, resetRequested('r', later(1))], {
        type: 'ResetPassword',
        email: 'ayse@example.com',
        presentedHash: 'r',
        passwordHash: 'h1',
        now: later(2),
      }),
    ).toThrow('Şifre sıfırlama bağlantısı geçersiz');
  });
  it('a password changed in the settings spends an outstanding reset link', () => {
    const changed: UserEvent = {
      type: 'UserPasswordChanged',
      data: { userId, passwordHash: 'h9', changedAt: later(1) },
    };
    expect(() =>
      when([registered, resetRequested('r'), changed], {
        type: 'ResetPassword',
        email: 'ayse@example.com',
        presentedHash: 'r',
        passwordHash: 'h1',
        now: later(2),
      }),
    ).toThrow();
  });
});

describe('profile', () => {
  const verified: UserEvent = {
    type: 'UserEmailVerified',
    data: { userId, email: 'ayse@example.com', verifiedAt: t0 },
  };
  it('changes only what differs; a new e-mail is unverified with its own link', () => {
    const events = when([registered, verified], {
      type: 'UpdateProfile',
      name: 'Ayşe',
      email: 'yeni@example.com',
      emailVerification: { tokenHash: 'v', expiresAt: later(60) },
      now: later(1),
    });
    expect(events.map((e) => e.type)).toEqual(['UserEmailChanged', 'EmailVerificationRequested']);
    const state = given([registered, verified, ...events]);
    expect(state).toMatchObject({
      email: 'yeni@example.com',
      isEmailVerified: false,
      verification: { email: 'yeni@example.com' },
    });
  });
  it('a link sent to the old address does not verify the new one', () => {
    const changed: UserEvent = {
      type: 'UserEmailChanged',
      data: { userId, email: 'yeni@example.com', previousEmail: 'ayse@example.com', changedAt: later(1) },
    };
    expect(() =>
      when([registered, requested('a'), changed], {
        type: 'VerifyEmail',
        email: 'yeni@example.com',
        presentedHash: 'a',
        now: later(2),
      }),
    ).toThrow();
  });
  it('activates a pending registration once', () => {
    const first = when([registered], { type: 'ActivateRegistration', now: t0 });
    expect(first).toEqual([{ type: 'UserRegistrationActivated', data: { userId, activatedAt: t0 } }]);
    expect(when([registered, ...first], { type: 'ActivateRegistration', now: t0 })).toEqual([]);
  });
});

describe('e-mail reservation', () => {
  it('refuses a taken address and frees it when released', () => {
    const taken = fold(emailReservationDecider, [
      { type: 'EmailReserved', data: { email: 'a@b.co', userId: 'u1' } },
    ]);
    expect(() =>
      decideEmailReservation({ type: 'ReserveEmail', email: 'a@b.co', userId: 'u2' }, taken),
    ).toThrow('Bu e-posta adresi ile kayıtlı bir kullanıcı zaten var.');
    expect(decideEmailReservation({ type: 'ReserveEmail', email: 'a@b.co', userId: 'u1' }, taken)).toEqual(
      [],
    );
    const released = decideEmailReservation({ type: 'ReleaseEmail', email: 'a@b.co', userId: 'u1' }, taken);
    const free = fold(emailReservationDecider, [
      { type: 'EmailReserved', data: { email: 'a@b.co', userId: 'u1' } },
      ...released,
    ]);
    expect(
      decideEmailReservation({ type: 'ReserveEmail', email: 'a@b.co', userId: 'u2' }, free),
    ).toHaveLength(1);
  });
});

describe('renaming by an organisation admin', () => {
  const admin = '00000000-0000-4000-8000-0000000000ad';
  const rename = (memberElsewhere: boolean, changedByUserId = admin): UserCommand => ({
    type: 'RenameUser',
    name: 'Ayşe K.',
    changedByUserId,
    memberElsewhere,
    now: later(1),
  });

  it('renames a user who belongs to this organisation only', () => {
    expect(when([registered], rename(false))).toEqual([
      {
        type: 'UserNameChanged',
        data: { userId, name: 'Ayşe K.', previousName: 'Ayşe', changedByUserId: admin, changedAt: later(1) },
      },
    ]);
  });

  it('refuses renaming a user another organisation also sees; the user may rename themselves', () => {
    expect(() => when([registered], rename(true))).toThrow(
      expect.objectContaining({ code: 'org.renameSharedUser' }),
    );
    expect(when([registered], rename(true, userId))).toHaveLength(1);
  });
});
