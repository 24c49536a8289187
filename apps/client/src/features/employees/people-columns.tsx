import RestoreIcon from '@mui/icons-material/Restore';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Column } from '../../components/PaginatedTable';
import { EditDeleteActions } from '../../components/TableParts';
import { formatDateTime } from '../../lib/format';
import type { EmployeeAnswer } from '@okul/domain';
import { PersonAvatar } from './PersonAvatar';

export const fullName = (e: EmployeeAnswer) => `${e.name} ${e.surname}`;

/** The columns Eğitmenler and Çalışanlar share: one person per row, as both pages list them. */
export const personColumns = {
  /** The avatar and the full name. */
  name: (): Column<EmployeeAnswer> => ({
    key: 'name',
    header: 'İsim Soyisim',
    cell: (e) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PersonAvatar person={e} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {fullName(e)}
        </Typography>
      </Stack>
    ),
  }),
  /** A deleted person's name, without the avatar. */
  deletedName: (): Column<EmployeeAnswer> => ({ key: 'name', header: 'İsim Soyisim', cell: fullName }),
  deletedAt: (): Column<EmployeeAnswer> => ({
    key: 'deletedAt',
    header: 'Silinme tarihi',
    cell: (e) => formatDateTime(e.deletedAt),
    hideBelow: 'sm',
  }),
  /** Düzenle and Sil of an active person, named for screen readers. */
  actions: (
    onEdit: (e: EmployeeAnswer) => void,
    onDelete: (e: EmployeeAnswer) => void,
  ): Column<EmployeeAnswer> => ({
    key: 'actions',
    header: 'İşlemler',
    align: 'right',
    width: 112,
    cell: (e) => (
      <EditDeleteActions
        editLabel={`${fullName(e)} düzenle`}
        deleteLabel={`${fullName(e)} sil`}
        onEdit={() => onEdit(e)}
        onDelete={() => onDelete(e)}
      />
    ),
  }),
};

/** Geri Getir of a deleted person. */
export function RestoreButton({
  person,
  busy,
  onRestore,
}: {
  person: EmployeeAnswer;
  busy: boolean;
  onRestore: (e: EmployeeAnswer) => void;
}) {
  return (
    <Button
      size="small"
      startIcon={<RestoreIcon />}
      disabled={busy}
      aria-label={`${fullName(person)} geri getir`}
      onClick={() => onRestore(person)}
    >
      Geri Getir
    </Button>
  );
}
