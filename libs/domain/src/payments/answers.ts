import { z } from 'zod';
import { isoDateTime, kurus } from '../shared/answers';
import { PAYMENT_METHODS } from './schemas';

/** getPayments?studentId=: the Payment entity (amount in kuruş); deleted ones carry deletedAt. */
export const paymentSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  organizationId: z.string(),
  courseId: z.string(),
  courseName: z.string().nullable(),
  amount: kurus,
  timestamp: isoDateTime,
  date: z.string(),
  notes: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  referenceCode: z.string().nullable(),
  isCorrection: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
  editedBy: z.string().nullable(),
  editedAt: isoDateTime.nullable(),
  deletedAt: isoDateTime.nullable(),
  deletedBy: z.string().nullable(),
  isDeleted: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentsAnswerSchema = z.array(paymentSchema);
