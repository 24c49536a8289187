/** api.md 9.6: the brand name appears as a constant (the same name the server's company defaults use). */
export const BRAND_NAME = 'KursPanel';
/** api.md 9.6: the company was founded in 2025 and is based in Istanbul. */
export const FOUNDED_YEAR = 2025;
