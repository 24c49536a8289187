import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { DateLocalization } from '../components/DateLocalization';

// testing-library cleans up after each test only where the runner's globals are on; here they are not
afterEach(cleanup);

/** A screen as the panel shows it: the Turkish date pickers and the toast host around it. */
export function renderInPanel(ui: ReactElement): RenderResult {
  return render(
    <DateLocalization>
      <SnackbarProvider>{ui}</SnackbarProvider>
    </DateLocalization>,
  );
}

/** Picks an option of a MUI select by the select's label and the option's text, as a person does. */
export async function chooseOption(user: UserEvent, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
