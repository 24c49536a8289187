/** product.md 2: the five footer links of the public pages, each opening a modal. */
export const LEGAL_DOCUMENTS = ['privacy', 'distanceSales', 'deliveryRefund', 'about', 'contact'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_DOCUMENT_TITLES: Record<LegalDocument, string> = {
  privacy: 'Gizlilik Politikası',
  distanceSales: 'Mesafeli Satış Sözleşmesi',
  deliveryRefund: 'Teslimat-İade Şartları',
  about: 'Hakkımızda',
  contact: 'İletişim',
};
