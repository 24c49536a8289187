// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption, renderInPanel } from '../../test-support/render';
import { AccountingEntryDialog } from './AccountingEntryDialog';

const EMPLOYEE = '00000000-0000-4000-8000-0000000000f1';

describe('accounting entry dialog (product.md 5 Accounting entry)', () => {
  it('keeps Kaydet disabled and names what is missing until the entry is valid, then sends it', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderInPanel(
      <AccountingEntryDialog
        entry={null}
        employees={[{ id: EMPLOYEE, name: 'Ali', surname: 'Veli' }]}
        employeesError={null}
        busy={false}
        onClose={onClose}
        onSave={onSave}
      />,
    );
    const save = screen.getByRole('button', { name: 'Kaydet' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'Hata: Tutar eksik veya hatalı, Tür eksik, Alt tür eksik, Yöntem eksik',
    );

    await chooseOption(user, 'Tür', 'Gider');
    await chooseOption(user, 'Alt tür', 'Maaş');
    await chooseOption(user, 'Çalışan', 'Ali Veli');
    await chooseOption(user, 'Yöntem', 'Nakit');
    await user.click(screen.getByLabelText('Tutar (TL)'));
    await user.paste('12.500,50');
    expect(screen.queryByRole('status')).toBeNull();
    expect(save.disabled).toBe(false);

    // a new type clears the subtype (its list depends on the type) and with it the employee
    await chooseOption(user, 'Tür', 'Gelir');
    expect(screen.getByRole('status').textContent).toBe('Hata: Alt tür eksik');
    expect(save.disabled).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Çalışan' })).toBeNull();
    await chooseOption(user, 'Tür', 'Gider');
    await chooseOption(user, 'Alt tür', 'Maaş');
    await chooseOption(user, 'Çalışan', 'Ali Veli');

    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'cost',
        subtype: 'wage',
        method: 'cash',
        amount: '12.500,50',
        employeeId: EMPLOYEE,
        notes: '',
        receiptNumber: '',
      }),
    );
    expect(onSave.mock.calls[0][0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
