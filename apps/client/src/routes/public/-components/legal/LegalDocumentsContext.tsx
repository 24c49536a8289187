import { createContext, useContext } from 'react';
import type { LegalDocument } from './documents';

export interface LegalDocumentsApi {
  /** Opens one of the footer documents in its modal (from the footer, the registration or the payment page). */
  open(doc: LegalDocument): void;
}

export const LegalDocumentsContext = createContext<LegalDocumentsApi>({ open: () => undefined });

export function useLegalDocuments(): LegalDocumentsApi {
  return useContext(LegalDocumentsContext);
}
