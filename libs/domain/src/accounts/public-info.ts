/**
 * GET /api/v1/publicInfo: what the public pages need from the server's configuration (the company details
 * of the legal texts of product.md 2) and whether the test-only aids exist (spec README: outside production).
 */
export interface PublicInfo {
  testAids: boolean;
  company: {
    name: string;
    address: string;
    email: string;
    phone: string;
    kep: string;
    taxOffice: string;
    taxNumber: string;
    mersis: string;
    tradeRegistry: string;
    chamber: string;
  };
}
