import { EditDeleteActions } from '../../../components/TableParts';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import ReceiptIcon from '@mui/icons-material/Receipt';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { formatTl, message } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Column } from '../../../components/PaginatedTable';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useOrgId } from '../../auth/useSession';
import { downloadPdf } from '../../receipts/download';
import { coursesQueryOptions } from '../../courses/queries';
import { enrollmentsQueryOptions, paymentsQueryOptions, useStudentWrite } from '../queries';
import { CurrentAndPastTables } from '../TableTitle';
import type { Payment, Student } from '@okul/domain';
import { PaymentDialog } from './PaymentDialog';
import { HistoryButton } from '../../history/HistoryDialog';
import { methodLabel, splitPayments } from './payment-form';

type Editing = { mode: 'add' } | { mode: 'edit'; payment: Payment } | null;

/** product.md 2 and 4: the student's payments, the deleted list with restore and permanent delete. */
export function PaymentsSection({ student }: { student: Student }) {
  const orgId = useOrgId();
  const payments = useQuery(paymentsQueryOptions(orgId, student.id));
  const enrollments = useQuery(enrollmentsQueryOptions(orgId, student.id));
  const courses = useQuery(coursesQueryOptions(orgId));
  const add = useStudentWrite<Record<string, unknown>>(orgId, 'addPayment', {
    success: message('payment.added'),
    failure: message('payment.addFailed'),
    noAnswer: message('payment.addNoAnswer'),
  });
  const edit = useStudentWrite<Record<string, unknown>>(orgId, 'editPayment', {
    success: message('payment.edited'),
    failure: message('payment.editFailed'),
    noAnswer: message('payment.editNoAnswer'),
  });
  const remove = useStudentWrite<{ id: string }>(orgId, 'deletePayment', {
    success: message('payment.softDeleted'),
    failure: message('payment.deleteFailed'),
    noAnswer: message('payment.deleteNoAnswer'),
  });
  const resurrect = useStudentWrite<{ id: string }>(orgId, 'resurrectPayment', {
    success: message('payment.resurrected'),
    failure: message('payment.resurrectFailed'),
    noAnswer: message('payment.resurrectNoAnswer'),
  });
  const purge = useStudentWrite<{ id: string }>(orgId, 'permanentlyDeletePayment', {
    success: message('payment.purged'),
    failure: message('payment.purgeFailed'),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Payment | null>(null);
  const [toPurge, setToPurge] = useState<Payment | null>(null);

  const { active, deleted } = useMemo(() => splitPayments(payments.data ?? []), [payments.data]);
  const names = useMemo(() => new Map((courses.data ?? []).map((c) => [c.id, c.name])), [courses.data]);
  // A payment is for a course the student is (or was) enrolled in; with no enrolment, any open course.
  const courseOptions = useMemo(() => {
    const enrolled = [...new Set((enrollments.data ?? []).map((e) => e.courseId))];
    const ids =
      enrolled.length > 0 ? enrolled : (courses.data ?? []).filter((c) => !c.deletedAt).map((c) => c.id);
    return ids.map((id) => ({ id, name: names.get(id) ?? 'Silinmiş kurs' }));
  }, [enrollments.data, courses.data, names]);
  const activeCourses = [...new Set((enrollments.data ?? []).filter((e) => e.active).map((e) => e.courseId))];
  const defaultCourseId = activeCourses.length === 1 ? activeCourses[0] : '';

  const courseOf = (p: Payment) => p.courseName ?? names.get(p.courseId) ?? 'Silinmiş kurs';
  const columns: Column<Payment>[] = [
    { key: 'date', header: 'Tarih', cell: (p) => formatDate(p.date) },
    { key: 'course', header: 'Kurs', cell: courseOf },
    {
      key: 'amount',
      header: 'Miktar',
      align: 'right',
      cell: (p) => (
        <Box component="span" sx={{ fontWeight: 600, color: p.amount < 0 ? 'error.main' : undefined }}>
          {formatTl(p.amount)}
        </Box>
      ),
    },
    { key: 'method', header: 'Yöntem', hideBelow: 'sm', cell: (p) => methodLabel(p.method) },
    { key: 'ref', header: 'Referans', hideBelow: 'md', cell: (p) => p.referenceCode ?? '' },
    { key: 'notes', header: 'Not', hideBelow: 'md', cell: (p) => p.notes ?? '' },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (p) => (
        <EditDeleteActions
          editLabel="Ödemeyi düzenle"
          deleteLabel="Ödemeyi sil"
          onEdit={() => setEditing({ mode: 'edit', payment: p })}
          onDelete={() => setToDelete(p)}
        >
          <HistoryButton
            kind="payment"
            id={p.id}
            title={`Ödeme ${formatDate(p.date)} ${formatTl(p.amount)}`}
          />
          <Tooltip title="Makbuz (PDF)">
            <IconButton
              size="small"
              aria-label="Makbuz indir"
              onClick={() => void downloadPdf(orgId, 'getPaymentReceipt', { paymentId: p.id }, 'makbuz.pdf')}
            >
              <ReceiptIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </EditDeleteActions>
      ),
    },
  ];
  const deletedColumns: Column<Payment>[] = [
    { key: 'date', header: 'Tarih', cell: (p) => formatDate(p.date) },
    { key: 'course', header: 'Kurs', cell: courseOf },
    { key: 'amount', header: 'Miktar', align: 'right', cell: (p) => formatTl(p.amount) },
    { key: 'deletedAt', header: 'Silinme', hideBelow: 'sm', cell: (p) => formatDateTime(p.deletedAt) },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (p) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <HistoryButton
            kind="payment"
            id={p.id}
            title={`Ödeme ${formatDate(p.date)} ${formatTl(p.amount)}`}
          />
          <Button
            size="small"
            startIcon={<RestoreIcon />}
            disabled={resurrect.isPending}
            onClick={() => resurrect.mutate({ id: p.id })}
          >
            Geri Getir
          </Button>
          <Tooltip title="Kalıcı olarak sil">
            <IconButton
              size="small"
              color="error"
              aria-label="Ödemeyi kalıcı olarak sil"
              onClick={() => setToPurge(p)}
            >
              <DeleteForeverIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <CurrentAndPastTables
        current={{
          title: 'Alınan Ödemeler',
          ariaLabel: 'Ödemeler',
          rows: active,
          columns,
          emptyText: 'Ödeme kaydı yok.',
        }}
        past={{
          title: 'Silinmiş Ödemeler',
          ariaLabel: 'Silinmiş ödemeler',
          rows: deleted,
          columns: deletedColumns,
          emptyText: 'Silinmiş ödeme yok.',
        }}
        addLabel="Ödeme Ekle"
        onAdd={() => setEditing({ mode: 'add' })}
        addDisabled={!!student.deletedAt}
        loading={payments.isPending}
        error={payments.error}
      />

      {editing && (
        <PaymentDialog
          key={editing.mode === 'edit' ? editing.payment.id : 'new'}
          studentId={student.id}
          payment={editing.mode === 'edit' ? editing.payment : null}
          courses={courseOptions}
          defaultCourseId={defaultCourseId}
          busy={add.isPending || edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(payload) =>
            editing.mode === 'edit' ? edit.mutateAsync(payload) : add.mutateAsync(payload)
          }
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Ödemeyi sil"
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete && remove.mutate({ id: toDelete.id }, { onSuccess: () => setToDelete(null) })
        }
      >
        {toDelete && `${formatTl(toDelete.amount)} tutarındaki ödeme silinecek.`} Silinen ödemeler listesinden
        geri getirilebilir.
      </ConfirmDialog>
      <ConfirmDialog
        open={toPurge !== null}
        title="Ödemeyi kalıcı olarak sil"
        confirmLabel="Kalıcı olarak sil"
        destructive
        busy={purge.isPending}
        onClose={() => setToPurge(null)}
        onConfirm={() => toPurge && purge.mutate({ id: toPurge.id }, { onSuccess: () => setToPurge(null) })}
      >
        {toPurge && `${formatTl(toPurge.amount)} tutarındaki ödeme kalıcı olarak silinecek.`} Bu işlem geri
        alınamaz.
      </ConfirmDialog>
    </Box>
  );
}
