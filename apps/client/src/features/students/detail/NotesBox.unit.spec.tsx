// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  editStudentSchema,
  message,
  registerStudentSchema,
  sampleStudentForm,
  type Student,
} from '@okul/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderInPanel } from '../../../test-support/render';
import { NotesBox } from './NotesBox';

const ORG = '00000000-0000-4000-8000-0000000000a1';
const ID = '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api', () => ({ api: { post } }));
vi.mock('../../auth/useSession', () => ({ useOrgId: () => ORG }));

function student(): Student {
  let n = 0;
  const random = () => ((n = (n * 9301 + 49297) % 233280), n / 233280);
  const sample = registerStudentSchema.parse(sampleStudentForm(random, { year: 2025, month: 6, day: 15 }));
  return { ...sample, id: ID, notes: 'Eski not', deletedAt: null, editedAt: null } as unknown as Student;
}

describe('notes box (product.md 2 and 6)', () => {
  it('saves only a changed note, through editStudent with the rest of the student unchanged', async () => {
    post.mockResolvedValue({ ok: true, data: { id: ID }, status: 200, headers: new Headers() });
    const user = userEvent.setup();
    renderInPanel(
      <QueryClientProvider client={new QueryClient()}>
        <NotesBox student={student()} />
      </QueryClientProvider>,
    );
    const save = screen.getByRole('button', { name: 'Notu Kaydet' }) as HTMLButtonElement;
    const notes = screen.getByLabelText('Öğrenci notları');
    expect(save.disabled).toBe(true);
    // spaces around the same note are no change
    await user.type(notes, '  ');
    expect(save.disabled).toBe(true);
    await user.clear(notes);
    await user.type(notes, ' Piyano sınavına hazırlanıyor ');
    expect(save.disabled).toBe(false);
    await user.click(save);

    await waitFor(() => expect(post).toHaveBeenCalled());
    const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe(`/orgs/${ORG}/editStudent`);
    expect(editStudentSchema.parse(body)).toMatchObject({
      id: ID,
      notes: 'Piyano sınavına hazırlanıyor',
      name: student().name,
    });
    expect(await screen.findByText(message('student.noteSaved'))).toBeTruthy();
  });
});
