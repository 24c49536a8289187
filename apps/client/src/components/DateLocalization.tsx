import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { trTR } from '@mui/x-date-pickers/locales';
import { tr } from 'date-fns/locale/tr';
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../theme';

/**
 * The date pickers' calendar and texts (date-fns, Turkish, dd.MM.yyyy). Only panel screens pick dates, so the panel
 * layout provides it and the public pages' first load does not carry the adapter.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={tr}
      localeText={trTR.components.MuiLocalizationProvider.defaultProps.localeText}
      dateFormats={{ keyboardDate: DATE_FORMAT, fullDate: DATE_FORMAT }}
    >
      {children}
    </LocalizationProvider>
  );
}
