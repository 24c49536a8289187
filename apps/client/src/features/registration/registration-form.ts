import {
  COMPANY_TYPES,
  COMPANY_TYPES_NEEDING_VKN,
  isValidTckn,
  isValidVkn,
  message,
  phoneDigits,
  preregisterSchema,
  type PreregisterInput,
} from '@okul/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

export type CompanyType = (typeof COMPANY_TYPES)[number];

import { digitsOnly } from '../../lib/format';

/** The registration form of product.md 3/5 as typed (every field text; companyType '' until chosen). */
export interface RegistrationValues {
  name: string;
  surname: string;
  email: string;
  password: string;
  phone: string;
  tckn: string;
  organizationName: string;
  organizationAddress: string;
  vkn: string;
  employeeCount: string;
  organizationType: string;
  companyType: CompanyType | '';
}

export type RegistrationField = keyof RegistrationValues;

/** The two boxes of product.md 5 (not part of the call: the server gets only the form). */
export interface RegistrationConsents {
  legalTerms: boolean;
  communication: boolean;
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  surname: '',
  email: '',
  password: '',
  phone: '',
  tckn: '',
  organizationName: '',
  organizationAddress: '',
  vkn: '',
  employeeCount: '',
  organizationType: '',
  companyType: '',
};

/** The order of the fields on the screen: a toast names the first problem the user meets. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'name',
  'surname',
  'email',
  'password',
  'phone',
  'tckn',
  'organizationName',
  'organizationAddress',
  'companyType',
  'vkn',
  'employeeCount',
  'organizationType',
];

export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  sahis: 'Şahıs Şirketi',
  limited: 'Limited Şirket',
  anonim: 'Anonim Şirket',
  ngo: 'Dernek / Vakıf (STK)',
  none: 'Şirket yok (bireysel)',
};

/** product.md 5 / api.md 9.5: digits-only fields and their lengths (tckn 11, vkn 10, phone 10). */
export const DIGIT_FIELDS = { tckn: 11, vkn: 10, phone: 10, employeeCount: 6 } as const;
export type DigitField = keyof typeof DIGIT_FIELDS;

export function isDigitField(field: RegistrationField): field is DigitField {
  return Object.prototype.hasOwnProperty.call(DIGIT_FIELDS, field);
}

/**
 * A field's value as typed or pasted: digits-only fields keep their digits up to their length; a phone
 * pasted as "0532 123 45 67" or "+90 532 ..." loses the trunk or country prefix first.
 */
export function sanitizeField(field: RegistrationField, raw: string): string {
  if (!isDigitField(field)) return raw;
  return digitsOnly(field === 'phone' ? phoneDigits(raw) : raw, DIGIT_FIELDS[field]);
}

/** product.md 5: a tax ID (VKN) is asked only for şahıs, limited and anonim companies. */
export function needsVkn(companyType: string): boolean {
  return COMPANY_TYPES_NEEDING_VKN.includes(companyType);
}

/** product.md 5: the TCKN checksum is checked live while typing (inline Geçersiz TCKN). */
export function tcknInlineError(tckn: string): string | null {
  return tckn !== '' && !isValidTckn(tckn) ? message('registration.tcknInline') : null;
}

/** product.md 5: the VKN checksum, when a VKN is required (inline Geçersiz VKN). */
export function vknInlineError(vkn: string, companyType: string): string | null {
  return needsVkn(companyType) && vkn !== '' && !isValidVkn(vkn) ? message('registration.vknInline') : null;
}

/** The body of POST /preregister: trimmed, and no VKN for a company type that does not take one. */
export function registrationPayload(values: RegistrationValues): Record<string, string> {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, k === 'password' ? v : v.trim()]),
  ) as unknown as RegistrationValues;
  return { ...trimmed, vkn: needsVkn(values.companyType) ? trimmed.vkn : '' };
}

export type RegistrationCheck =
  { ok: true; payload: PreregisterInput } | { ok: false; toast: string; fields: RegistrationField[] };

const MISSING = () => message('registration.missingFields');

/**
 * The client-side checks of product.md 5, in the order a person meets them: missing fields (Lütfen tüm
 * alanları doldurun.), then any other field the shared schema refuses (e-mail, password, TCKN, VKN: the
 * message the server would answer), then the legal-terms box, then the communication box.
 */
export function checkRegistration(
  values: RegistrationValues,
  consents: RegistrationConsents,
): RegistrationCheck {
  const payload = registrationPayload(values);
  const missing = REGISTRATION_FIELDS.filter(
    (f) => payload[f] === '' && (f !== 'vkn' || needsVkn(values.companyType)),
  );
  if (missing.length > 0) return { ok: false, toast: MISSING(), fields: missing };

  const parsed = preregisterSchema.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => ({ field: i.path[0] as RegistrationField, text: i.message }))
      .filter((p) => REGISTRATION_FIELDS.includes(p.field))
      .sort((a, b) => REGISTRATION_FIELDS.indexOf(a.field) - REGISTRATION_FIELDS.indexOf(b.field));
    const first = problems[0];
    return {
      ok: false,
      toast: first?.text ?? MISSING(),
      fields: problems.length ? [...new Set(problems.map((p) => p.field))] : [],
    };
  }
  if (!consents.legalTerms) return { ok: false, toast: message('registration.legalTerms'), fields: [] };
  if (!consents.communication) return { ok: false, toast: message('registration.communication'), fields: [] };
  return { ok: true, payload: parsed.data };
}

/** The whole form as react-hook-form holds it: the fields and the two boxes. */
export type RegistrationFormValues = RegistrationValues & RegistrationConsents;

export const EMPTY_REGISTRATION_FORM: RegistrationFormValues = {
  ...EMPTY_REGISTRATION,
  legalTerms: false,
  communication: false,
};

/**
 * The form's resolver: checkRegistration (the shared preregister schema and the boxes). Every refused field
 * is marked; `root` carries the one toast of product.md 5 for the first problem.
 */
export const registrationResolver: Resolver<RegistrationFormValues, unknown, PreregisterInput> = (form) => {
  const { legalTerms, communication, ...values } = form;
  const check = checkRegistration(values, { legalTerms, communication });
  if (check.ok) return { values: check.payload, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {
    root: { type: 'validate', message: check.toast },
  };
  for (const field of check.fields) errors[field] = { type: 'validate', message: check.toast };
  return { values: {}, errors: errors as FieldErrors<RegistrationFormValues> };
};
