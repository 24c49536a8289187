import { ROLES } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { sessionIdFromToken } from './jwt';
import { createOrgSelectionStore } from './org-selection';
import { gatePanel, pickOrganization, resolveSession } from './session';
import type { Membership, Organization, Profile } from '@okul/domain';
import { memoryStorage } from '../../api/token-store';

const org = (id: string, active = true): Organization => ({
  id,
  organizationId: id,
  name: `Kurum ${id}`,
  isMembershipActive: active,
  paidUntil: active ? '2999-01-01T00:00:00.000Z' : null,
});
const member = (o: Organization, orgRoleId: number | null, isActive = true): Membership => ({
  organization: { ...o, orgRoleId },
  organizationUser: { id: `${o.id}:u1`, userId: 'u1', orgRoleId, isActive },
});
const user = (over: Partial<Profile> = {}): Profile => ({
  id: 'u1',
  name: 'Ayşe',
  email: 'ayse@ornek.com',
  isEmailVerified: true,
  registrationStatus: 'active',
  globalRoleId: null,
  ...over,
});
const none = { id: null, cleared: false };

describe('organisation choice (product.md 4)', () => {
  const a = member(org('a'), ROLES.schoolInstructor);
  const b = member(org('b'), ROLES.schoolAdmin);

  it('takes the remembered organisation, else the first one', () => {
    expect(pickOrganization([a, b], [], { id: 'b', cleared: false })?.organization.id).toBe('b');
    expect(pickOrganization([a, b], [], none)?.organization.id).toBe('a');
    expect(pickOrganization([a, b], [], { id: 'gone', cleared: false })?.organization.id).toBe('a');
  });

  it('picks nothing after clearOrg or without organisations', () => {
    expect(pickOrganization([a, b], [], { id: 'b', cleared: true })).toBeNull();
    expect(pickOrganization([], [], none)).toBeNull();
  });

  it('skips inactive links', () => {
    const gone = member(org('g'), ROLES.schoolAdmin, false);
    expect(pickOrganization([gone, b], [], { id: 'g', cleared: false })?.organization.id).toBe('b');
  });

  it('lets a developer open any organisation with the global role', () => {
    const s = resolveSession({
      user: user({ globalRoleId: ROLES.developer }),
      memberships: [],
      allOrganizations: [org('x')],
      selection: { id: 'x', cleared: false },
    });
    expect(s.organization?.id).toBe('x');
    expect(s.role).toBe(ROLES.developer);
  });

  it('uses the stronger of the organisation role and the global role', () => {
    const s = resolveSession({
      user: user(),
      memberships: [a, b],
      allOrganizations: [],
      selection: { id: 'b', cleared: false },
    });
    expect(s.role).toBe(ROLES.schoolAdmin);
    const dev = resolveSession({
      user: user({ globalRoleId: ROLES.developer }),
      memberships: [a],
      allOrganizations: [],
      selection: none,
    });
    expect(dev.role).toBe(ROLES.developer);
    const lost = resolveSession({ user: user(), memberships: [], allOrganizations: [], selection: none });
    expect(lost.role).toBe(ROLES.notRegistered);
  });

  it('remembers the choice in storage, and forgets it on clearOrg and logout', () => {
    const storage = memoryStorage({ selectedOrganizationId: 'a' });
    const store = createOrgSelectionStore(storage);
    expect(store.get()).toEqual({ id: 'a', cleared: false });
    const before = store.get();
    store.select('a');
    expect(store.get()).toBe(before);
    store.select('b');
    expect(storage.getItem('selectedOrganizationId')).toBe('b');
    store.clear();
    expect(store.get()).toEqual({ id: null, cleared: true });
    expect(storage.getItem('selectedOrganizationId')).toBeNull();
    store.forget();
    expect(store.get()).toEqual({ id: null, cleared: false });
  });
});

describe('panel gating (product.md 2)', () => {
  const session = (u: Profile, memberships: Membership[], selection = none) =>
    resolveSession({ user: u, memberships, allOrganizations: [], selection });
  const paid = member(org('a'), ROLES.schoolOwner);
  const unpaid = member(org('b', false), ROLES.schoolOwner);

  it('shows login when signed out', () => {
    expect(gatePanel(null)).toEqual({ kind: 'login' });
  });

  it('sends pending_payment to registration before anything else', () => {
    expect(
      gatePanel(session(user({ registrationStatus: 'pending_payment', isEmailVerified: false }), [])).kind,
    ).toBe('registration');
  });

  it('sends an unverified e-mail to the warning, except the global admin', () => {
    expect(gatePanel(session(user({ isEmailVerified: false }), [paid])).kind).toBe('verifyEmail');
    expect(gatePanel(session(user({ isEmailVerified: false, globalRoleId: ROLES.admin }), [paid])).kind).toBe(
      'ready',
    );
    expect(
      gatePanel(session(user({ isEmailVerified: false, globalRoleId: ROLES.developer }), [paid])).kind,
    ).toBe('verifyEmail');
  });

  it('asks for an organisation when none is selected', () => {
    expect(gatePanel(session(user(), [])).kind).toBe('selectOrganization');
    expect(gatePanel(session(user(), [paid], { id: null, cleared: true })).kind).toBe('selectOrganization');
  });

  it('locks an organisation without active membership, and opens a paid one', () => {
    expect(gatePanel(session(user(), [unpaid])).kind).toBe('membershipInactive');
    const ready = gatePanel(session(user(), [paid]));
    expect(ready.kind).toBe('ready');
    expect(ready.kind === 'ready' && ready.session.organization.id).toBe('a');
  });
});

describe('session id in the access token', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  it('reads the sid claim that logout sends', () => {
    expect(sessionIdFromToken(`${b64({ alg: 'HS256' })}.${b64({ sub: 'u', sid: 'sess-1' })}.sig`)).toBe(
      'sess-1',
    );
  });
  it('gives null for anything else', () => {
    expect(sessionIdFromToken(null)).toBeNull();
    expect(sessionIdFromToken('garbage')).toBeNull();
    expect(sessionIdFromToken('a.!!!.c')).toBeNull();
    expect(sessionIdFromToken(`x.${b64({ sub: 'u' })}.y`)).toBeNull();
  });
});
