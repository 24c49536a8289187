import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { ORG, STUDENT, STUDENT_2, USER } from '../students/fixtures';
import {
  initialSmsCampaignState,
  initialSmsCreditState,
  planSmsOutcome,
  planSmsSend,
  smsCampaignDecider,
  smsCampaignSettled,
  smsCreditBalance,
  smsCreditDecider,
  type SmsCampaignCommand,
  type SmsCampaignEvent,
  type SmsCreditEvent,
  type SmsCreditState,
  type SmsRecipientInput,
} from './decider';
import { onceADayKey } from './rules';

const C = '00000000-0000-4000-8000-0000000000c1';
const NOW = '2026-11-23T08:00:00.000Z';
const LONG = 'x'.repeat(200);

const accept = (
  recipients: SmsRecipientInput[] = [
    { studentId: STUDENT, phoneKind: 'parent1Phone' as const, dest: '905331234567', msg: 'Yarın ders yok.' },
    { studentId: STUDENT_2, phoneKind: 'studentPhone' as const, dest: '905321234567', msg: LONG },
  ],
): Extract<SmsCampaignCommand, { type: 'AcceptSmsCampaign' }> => ({
  type: 'AcceptSmsCampaign',
  campaignId: C,
  organizationId: ORG,
  userId: USER,
  smsType: 'general',
  sendAt: null,
  sourceAddr: 'KURSPANEL',
  cause: null,
  recipients,
  now: NOW,
});

const accepted: SmsCampaignEvent = {
  type: 'SmsCampaignAccepted',
  data: {
    campaignId: C,
    organizationId: ORG,
    userId: USER,
    smsType: 'general',
    sendAt: null,
    dataCoding: 1,
    sourceAddr: 'KURSPANEL',
    cause: null,
    messages: [
      {
        messageCustomId: '1',
        studentId: STUDENT,
        phoneKind: 'parent1Phone',
        dest: '905331234567',
        msg: 'Yarın ders yok.',
        size: 1,
        credits: 1,
      },
      {
        messageCustomId: '2',
        studentId: STUDENT_2,
        phoneKind: 'studentPhone',
        dest: '905321234567',
        msg: LONG,
        size: 2,
        credits: 2,
      },
    ],
    credits: 3,
    acceptedAt: NOW,
  },
};
const submitted: SmsCampaignEvent = {
  type: 'SmsCampaignSubmitted',
  data: { campaignId: C, organizationId: ORG, gatewayCampaignId: '20121', submittedAt: NOW },
};
const report = (id: string, status: 'delivered' | 'invalidNumber' | 'waiting') => ({
  messageCustomId: id,
  messageId: `m${id}`,
  status,
  gsmError: null,
  sentAt: NOW,
  doneAt: NOW,
});

const fold = (events: SmsCreditEvent[]): SmsCreditState =>
  events.reduce(smsCreditDecider.evolve, initialSmsCreditState);

describe('SendSms', () => {
  it('accepts the campaign and reserves its credits together', () => {
    const plan = planSmsSend(
      { ...accept(), purchased: 10 },
      { credits: initialSmsCreditState, campaign: initialSmsCampaignState },
    );
    expect(plan.campaignEvents).toEqual([accepted]);
    expect(plan.creditEvents).toEqual([
      {
        type: 'SmsCreditsReserved',
        data: {
          organizationId: ORG,
          campaignId: C,
          credits: 3,
          day: '2026-11-23',
          keys: [onceADayKey('905331234567', 'Yarın ders yok.'), onceADayKey('905321234567', LONG)],
          studentIds: accepted.data.messages.map((m) => m.studentId),
          reservedAt: NOW,
        },
      },
    ]);
  });

  it('refuses a send the credits do not cover', () => {
    expect(() =>
      planSmsSend(
        { ...accept(), purchased: 2 },
        { credits: initialSmsCreditState, campaign: initialSmsCampaignState },
      ),
    ).toThrowError(
      expect.objectContaining({ code: 'sms.notEnoughCredits', details: { needed: 3, available: 2 } }),
    );
  });

  it('refuses the same content to the same number on the same Istanbul day, not the next day', () => {
    const first = planSmsSend(
      { ...accept(), purchased: 100 },
      { credits: initialSmsCreditState, campaign: initialSmsCampaignState },
    );
    const credits = fold(first.creditEvents);
    expect(() =>
      planSmsSend(
        { ...accept(), campaignId: 'c2', purchased: 100 },
        { credits, campaign: initialSmsCampaignState },
      ),
    ).toThrowError(
      expect.objectContaining({
        code: 'sms.sentToday',
        details: { destinations: ['905331234567', '905321234567'] },
      }),
    );
    const other = accept([
      { studentId: STUDENT, phoneKind: 'parent1Phone', dest: '905331234567', msg: 'Başka metin' },
    ]);
    expect(
      planSmsSend({ ...other, purchased: 100 }, { credits, campaign: initialSmsCampaignState }).creditEvents,
    ).toHaveLength(1);
    // 21:30 UTC is already the next day in Istanbul.
    const tomorrow = { ...accept(), now: '2026-11-23T21:30:00.000Z', purchased: 100 };
    expect(planSmsSend(tomorrow, { credits, campaign: initialSmsCampaignState }).creditEvents).toHaveLength(
      1,
    );
  });

  it('merges repeats inside one request, cuts long texts and refuses an empty send', () => {
    const rows = [
      { studentId: STUDENT, phoneKind: 'parent1Phone' as const, dest: '905331234567', msg: 'a'.repeat(1200) },
      { studentId: STUDENT, phoneKind: 'parent1Phone' as const, dest: '905331234567', msg: 'a'.repeat(1200) },
      { studentId: STUDENT, phoneKind: 'parent2Phone' as const, dest: '905331234568', msg: '   ' },
    ];
    const [e] = smsCampaignDecider.decide(accept(rows), initialSmsCampaignState);
    if (e.type !== 'SmsCampaignAccepted') throw new Error(e.type);
    expect(e.data.messages).toHaveLength(1);
    expect(e.data.messages[0].msg).toHaveLength(1000);
    expect(e.data.messages[0].size).toBe(7);
    given(smsCampaignDecider, [])
      .when(accept([rows[2]]))
      .thenThrows('sms.nothingToSend');
  });

  it('never lets concurrent reservations take the balance below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 30 }),
        (purchased, sends) => {
          let state = initialSmsCreditState;
          sends.forEach((n, i) => {
            try {
              const events = smsCreditDecider.decide(
                {
                  type: 'ReserveSmsCredits',
                  organizationId: ORG,
                  campaignId: `c${i}`,
                  purchased,
                  messages: Array.from({ length: n }, (_, k) => ({
                    dest: `9053${i}${k}`,
                    msg: 'm',
                    credits: 1,
                  })),
                  now: NOW,
                },
                state,
              );
              state = events.reduce(smsCreditDecider.evolve, state);
            } catch {
              // refused: the state stays
            }
            expect(smsCreditBalance(purchased, state)).toBeGreaterThanOrEqual(0);
          });
        },
      ),
    );
  });
});

describe('gateway answers and delivery reports', () => {
  it('records the gateway acceptance once', () => {
    given(smsCampaignDecider, [accepted])
      .when({ type: 'RecordGatewayAcceptance', gatewayCampaignId: '20121', now: NOW })
      .then([submitted]);
    given(smsCampaignDecider, [accepted, submitted])
      .when({ type: 'RecordGatewayAcceptance', gatewayCampaignId: '9', now: NOW })
      .then([]);
  });

  it('a final send failure marks every message and gives all credits back', () => {
    const state = [accepted].reduce(smsCampaignDecider.evolve, initialSmsCampaignState);
    const plan = planSmsOutcome(
      { type: 'RecordSendFailure', reason: 'INVALID_SOURCE_ADDRESS', now: NOW },
      { credits: initialSmsCreditState, campaign: state },
    );
    expect(plan.campaignEvents[0]).toMatchObject({
      type: 'SmsCampaignSendFailed',
      data: { creditsReturned: 3, reason: 'INVALID_SOURCE_ADDRESS' },
    });
    expect(plan.creditEvents[0]).toMatchObject({
      type: 'SmsCreditsReturned',
      data: { credits: 3, messageCustomIds: ['1', '2'] },
    });
    given(smsCampaignDecider, [accepted, submitted])
      .when({ type: 'RecordSendFailure', reason: 'x', now: NOW })
      .then([]);
  });

  it('moves messages through their states, gives back credits of an invalid number, ignores repeats', () => {
    const state = [accepted, submitted].reduce(smsCampaignDecider.evolve, initialSmsCampaignState);
    const plan = planSmsOutcome(
      {
        type: 'RecordDeliveryReports',
        reports: [report('1', 'delivered'), report('2', 'invalidNumber'), report('9', 'delivered')],
        now: NOW,
      },
      { credits: initialSmsCreditState, campaign: state },
    );
    expect(plan.campaignEvents).toEqual([
      {
        type: 'SmsMessagesReported',
        data: {
          campaignId: C,
          organizationId: ORG,
          reports: [
            { ...report('1', 'delivered'), creditsReturned: 0 },
            { ...report('2', 'invalidNumber'), creditsReturned: 2 },
          ],
          reportedAt: NOW,
        },
      },
    ]);
    expect(plan.creditEvents[0]).toMatchObject({
      type: 'SmsCreditsReturned',
      data: { credits: 2, messageCustomIds: ['2'] },
    });
    const after = plan.campaignEvents.reduce(smsCampaignDecider.evolve, state);
    expect(smsCampaignSettled(after)).toBe(true);
    expect(
      planSmsOutcome(
        { type: 'RecordDeliveryReports', reports: [report('2', 'delivered')], now: NOW },
        { credits: initialSmsCreditState, campaign: after },
      ),
    ).toEqual({
      campaignEvents: [],
      creditEvents: [],
    });
    expect(smsCampaignSettled(state)).toBe(false);
    given(smsCampaignDecider, [accepted, submitted])
      .when({ type: 'RecordDeliveryReports', reports: [report('1', 'waiting')], now: NOW })
      .then([]);
  });
});
