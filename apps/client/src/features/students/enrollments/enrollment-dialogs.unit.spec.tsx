// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption, renderInPanel } from '../../../test-support/render';
import { AddEnrollmentDialog } from './AddEnrollmentDialog';
import { EditEnrollmentDialog } from './EditEnrollmentDialog';
import { ENROLLMENT, PIANO, STUDENT, course, enrollment as enrollmentOf } from './enrollment-fixtures';

const piano = course(PIANO, 'Piyano');
const enrollment = enrollmentOf();

function openAddDialog() {
  const user = userEvent.setup();
  const onAdd = vi.fn().mockResolvedValue(undefined);
  const onClose = vi.fn();
  renderInPanel(
    <AddEnrollmentDialog
      open
      studentId={STUDENT}
      courses={[piano]}
      busy={false}
      onClose={onClose}
      onAdd={onAdd}
    />,
  );
  return { user, onAdd, onClose };
}

describe('add enrolment dialog (product.md 5)', () => {
  it('warns "Bilgi eksik" and sends nothing without a course, then sends the checked body', async () => {
    const { user, onAdd, onClose } = openAddDialog();
    await user.type(screen.getByLabelText(/Ders ücreti/), '1.500,50');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kurs kaydı eklenemedi: Bilgi eksik')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    await chooseOption(user, /Kurs/, 'Piyano');
    await user.click(screen.getByLabelText('Resmi kayıt'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onAdd).toHaveBeenCalledWith({
      studentId: STUDENT,
      courseId: PIANO,
      price: '1.500,50',
      enrollmentType: 'per_class',
      isOfficial: true,
    });
  });

  it('shows the period fields for a periodic enrolment and sends them', async () => {
    const { user, onAdd } = openAddDialog();
    expect(screen.queryByLabelText('Dönem başına ders')).toBeNull();
    await chooseOption(user, /Kurs/, 'Piyano');
    await chooseOption(user, 'Kayıt türü', 'Dönemlik');
    await user.type(screen.getByLabelText(/Dönem ücreti/), '2000');
    // digits only, at most three
    await user.type(screen.getByLabelText('Dönem başına ders'), '4a5678');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalled());
    expect(onAdd.mock.calls[0][0]).toEqual({
      studentId: STUDENT,
      courseId: PIANO,
      price: '2000',
      enrollmentType: 'periodic',
      isOfficial: false,
      periodUnit: 'month',
      periodLength: '1',
      classesPerPeriod: '456',
    });
  });
});

describe('edit enrolment dialog (product.md 5 Retroactive enrolment edit)', () => {
  it('keeps Güncelle disabled until something changed, lists a limit under the title, sends only changes', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn().mockResolvedValue(undefined);
    renderInPanel(
      <EditEnrollmentDialog enrollment={enrollment} busy={false} onClose={() => undefined} onEdit={onEdit} />,
    );
    const update = screen.getByRole('button', { name: 'Güncelle' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    const price = screen.getByLabelText('Ders ücreti (TL)');
    await user.clear(price);
    await user.type(price, '0');
    expect(update.disabled).toBe(false);
    await user.click(update);
    expect(await screen.findByText('Güncelleme yapılamadı.')).toBeTruthy();
    expect(screen.getByText('Fiyat 1 ile 999999999 TL arasında olmalıdır.')).toBeTruthy();
    expect(onEdit).not.toHaveBeenCalled();

    await user.clear(price);
    await user.type(price, '120,50');
    await user.click(update);
    await waitFor(() => expect(onEdit).toHaveBeenCalledWith({ id: ENROLLMENT, price: '120,50' }));
  });

  it("lists the server's reasons under the title when the edit is refused", async () => {
    const user = userEvent.setup();
    const onEdit = vi
      .fn()
      .mockRejectedValue(
        new Error('Güncelleme yapılamadı.\nKurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.'),
      );
    renderInPanel(
      <EditEnrollmentDialog enrollment={enrollment} busy={false} onClose={() => undefined} onEdit={onEdit} />,
    );
    await user.click(screen.getByLabelText('Resmi kayıt'));
    await user.click(screen.getByRole('button', { name: 'Güncelle' }));
    expect(
      await screen.findByText('Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.'),
    ).toBeTruthy();
    expect(onEdit).toHaveBeenCalledWith({ id: ENROLLMENT, isOfficial: true });
  });
});
