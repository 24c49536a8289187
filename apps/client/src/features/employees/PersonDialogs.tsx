import { INSTRUCTOR_TYPE_ID, type EmployeeAnswer, type EmployeeTypeId } from '@okul/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { EmployeeFormMode } from './employee-form';
import { EmployeeFormDialog, type Option } from './EmployeeFormDialog';
import { fullName } from './people-columns';
import {
  useAddEmployee,
  useAddInstructor,
  useDeleteEmployee,
  useDeleteInstructor,
  useEditEmployee,
  useEditInstructor,
} from './queries';

// A page keeps one mode for its whole life, so the same hooks run on every render.
const WRITES = {
  employee: { add: useAddEmployee, edit: useEditEmployee, remove: useDeleteEmployee },
  instructor: { add: useAddInstructor, edit: useEditInstructor, remove: useDeleteInstructor },
} as const;

/** What a delete keeps, said after "<name> silinsin mi?" (product.md 4). */
const DELETE_NOTE: Record<EmployeeFormMode, string> = {
  employee:
    'Silinen kayıt aşağıdaki silinmiş listesinden geri getirilebilir; geçmiş dersleri ve ödemeleri korunur.',
  instructor: 'Silinmiş Eğitmenler listesinden geri getirilebilir; kaydettiği yoklamalarda adı korunur.',
};

/** The add/edit form and the delete question of one people page: their state and their writes. */
export function usePersonDialogs(orgId: string, mode: EmployeeFormMode) {
  const add = WRITES[mode].add(orgId);
  const edit = WRITES[mode].edit(orgId);
  const remove = WRITES[mode].remove(orgId);
  // null: the form is closed; { person: null }: a new person
  const [editing, setEditing] = useState<{ person: EmployeeAnswer | null } | null>(null);
  const [toDelete, setToDelete] = useState<EmployeeAnswer | null>(null);
  return {
    mode,
    add,
    edit,
    remove,
    editing,
    toDelete,
    openForm: (person: EmployeeAnswer | null) => setEditing({ person }),
    closeForm: () => setEditing(null),
    askDelete: (person: EmployeeAnswer | null) => setToDelete(person),
  };
}

export type PersonDialogsState = ReturnType<typeof usePersonDialogs>;

/** The add/edit form and the delete question Eğitmenler and Çalışanlar share (product.md 4). */
export function PersonDialogs({
  dialogs,
  defaultTypeId,
  people,
}: {
  dialogs: PersonDialogsState;
  /** The type a new person starts with. */
  defaultTypeId: EmployeeTypeId;
  people: { courseOptions: Option[]; userOptions: Option[] };
}) {
  const { editing, toDelete, add, edit, remove } = dialogs;
  return (
    <>
      {editing && (
        <EmployeeFormDialog
          // a new form per type, so switching the tab starts it empty with that type
          key={editing.person?.id ?? `new-${defaultTypeId}`}
          mode={dialogs.mode}
          employee={editing.person}
          defaultTypeId={defaultTypeId}
          courses={people.courseOptions}
          users={people.userOptions}
          busy={add.isPending || edit.isPending}
          onClose={dialogs.closeForm}
          onSave={(body) => (editing.person ? edit.mutateAsync(body) : add.mutateAsync(body))}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete?.employeeTypeId === INSTRUCTOR_TYPE_ID ? 'Eğitmeni sil' : 'Çalışanı sil'}
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => dialogs.askDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate({ id: toDelete.id }, { onSuccess: () => dialogs.askDelete(null) });
        }}
      >
        <strong>{toDelete ? fullName(toDelete) : ''}</strong> silinsin mi? {DELETE_NOTE[dialogs.mode]}
      </ConfirmDialog>
    </>
  );
}
