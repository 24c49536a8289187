// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInPanel } from '../../test-support/render';
import { NewPasswordForm } from './NewPasswordForm';

function open(busy = false) {
  const onSubmit = vi.fn();
  renderInPanel(
    <NewPasswordForm
      email="egitmen@example.com"
      busy={busy}
      submitLabel="Şifreyi Güncelle"
      busyLabel="Güncelleniyor"
      onSubmit={onSubmit}
    />,
  );
  return { user: userEvent.setup(), onSubmit };
}

describe('new password form (product.md 5 Invitation acceptance and reset)', () => {
  it('alerts Şifreler eşleşmiyor! and sends nothing until both are equal, then sends the password', async () => {
    const { user, onSubmit } = open();
    const send = screen.getByRole('button', { name: 'Şifreyi Güncelle' });
    await user.click(send);
    expect(await screen.findByText('Şifreler eşleşmiyor!')).toBeTruthy();

    await user.type(screen.getByLabelText('Yeni şifre'), 'egitmen-sifre-1');
    // a change takes the alert away
    expect(screen.queryByText('Şifreler eşleşmiyor!')).toBeNull();
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'egitmen-sifre-2');
    await user.click(send);
    expect(await screen.findByText('Şifreler eşleşmiyor!')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Yeni şifre (tekrar)'));
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'egitmen-sifre-1');
    await user.click(send);
    expect(onSubmit).toHaveBeenCalledWith('egitmen-sifre-1');
  });

  it("says the server's password rule and the strength under the field", async () => {
    const { user, onSubmit } = open();
    await user.type(screen.getByLabelText('Yeni şifre'), 'abc');
    expect(screen.getByText('En az 6 karakter')).toBeTruthy();
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Şifreyi Güncelle' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends nothing while a send is under way', async () => {
    const { onSubmit } = open(true);
    const busy = screen.getByRole('button', { name: 'Güncelleniyor' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
