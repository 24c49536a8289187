import { createTheme, type Theme } from '@mui/material/styles';
import { trTR as materialTrTR } from '@mui/material/locale';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import { NO_OPTIONS_TEXT } from '@okul/domain';
import { tablePaginationLabels } from './lib/table-labels';

/** product.md 1: the visual identity is purple and green. */
export const BRAND_PURPLE = '#6a3fc1';
export const BRAND_GREEN = '#2e9d5b';

/** api.md 9.4: short date format and weekday labels of the Turkish locale, Monday first. */
export const DATE_FORMAT = 'dd.MM.yyyy';
export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
const WEEKDAYS_TR = ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'];
export const dayOfWeekTr = (date: Date) => WEEKDAYS_TR[date.getDay()];

/** api.md 9.6: card corner radius 16 px, input corner radius 8 px, font weights 300/400/600/700. */
export const CARD_RADIUS = 16;
export const INPUT_RADIUS = 8;

const base = createTheme({
  palette: {
    primary: { main: BRAND_PURPLE, light: '#9a72e6', dark: '#4a2596', contrastText: '#ffffff' },
    secondary: { main: BRAND_GREEN, light: '#5fc788', dark: '#1f6e40', contrastText: '#ffffff' },
    background: { default: '#f7f5fb', paper: '#ffffff' },
  },
  shape: { borderRadius: INPUT_RADIUS },
  typography: {
    fontFamily: '"Inter", "Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    fontWeightLight: 300,
    fontWeightRegular: 400,
    fontWeightMedium: 600,
    fontWeightBold: 700,
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { fontWeight: 600 },
  },
});

/**
 * Later arguments of createTheme win, so ours come after the Turkish locale. The date pickers' Turkish texts
 * come with their LocalizationProvider (DateLocalization), which only the panel loads.
 */
export const theme: Theme = createTheme(base, materialTrTR, {
  components: {
    MuiCard: { styleOverrides: { root: { borderRadius: CARD_RADIUS } } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
    MuiButton: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: CARD_RADIUS } } },
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: tablePaginationLabels.rowsPerPage,
        labelDisplayedRows: tablePaginationLabels.displayedRows,
        rowsPerPageOptions: [...tablePaginationLabels.pageSizes],
      },
    },
    MuiDateCalendar: { defaultProps: { dayOfWeekFormatter: (d: unknown) => dayOfWeekTr(d as Date) } },
    MuiDatePicker: { defaultProps: { format: DATE_FORMAT } },
    // api.md 8.2: every option list that finds nothing says so in the catalogue's words.
    // (one constant: message() would put every context's texts in the entry chunk)
    MuiAutocomplete: { defaultProps: { noOptionsText: NO_OPTIONS_TEXT } },
  },
});
