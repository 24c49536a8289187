import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EMPLOYEE_LIMITS,
  EMPLOYEE_TYPES,
  INSTRUCTOR_TYPE_ID,
  parseDateInput,
  type EmployeeTypeId,
} from '@okul/domain';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { ImageUpload } from '../../components/ImageUpload';
import { uploadImage } from '../../lib/image-upload';
import { useOrgId } from '../auth/useSession';
import { employeeKeys } from './queries';
import { digitsOnly } from '../../lib/format';
import {
  bodyOf,
  checkDraft,
  draftOf,
  emptyWage,
  isChanged,
  todayDay,
  type EmployeeDraft,
  type EmployeeFormMode,
  type EmployeeRecord,
  type WageDraft,
} from './employee-form';

export interface Option {
  id: string;
  label: string;
}

export interface EmployeeFormDialogProps {
  mode: EmployeeFormMode;
  /** null adds; a record edits it. */
  employee: EmployeeRecord | null;
  /** The type a new employee starts with (the open tab). */
  defaultTypeId: EmployeeTypeId;
  courses: Option[];
  users: Option[];
  busy: boolean;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}

const TYPE_IDS = [1, 2, 3, 4] as const;

/**
 * product.md 5 Employee / Instructor: isim eksik, soyisim eksik, branş eksik (instructors); phone 10 digits
 * (5xx), notes and CV 1000; CV and branches only for instructors; save disabled while nothing changed.
 */
export function EmployeeFormDialog({
  mode,
  employee,
  defaultTypeId,
  courses,
  users,
  busy,
  onClose,
  onSave,
}: EmployeeFormDialogProps) {
  const initial = useMemo(() => draftOf(employee, defaultTypeId), [employee, defaultTypeId]);
  const [draft, setDraft] = useState<EmployeeDraft>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const errors = showErrors ? checkDraft(draft, mode) : {};
  const changed = isChanged(draft, initial, mode);
  const instructor = mode === 'instructor' || draft.employeeTypeId === INSTRUCTOR_TYPE_ID;
  const noun = instructor ? 'Eğitmen' : 'Çalışan';
  const set = <K extends keyof EmployeeDraft>(key: K, value: EmployeeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  // api.md 7.5: an instructor's avatar lives in the instructors folder, other employees' in the employees one.
  const avatarKind = (typeId: EmployeeTypeId) =>
    mode === 'instructor' || typeId === INSTRUCTOR_TYPE_ID ? ('instructor' as const) : ('employee' as const);
  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: employeeKeys.employees(orgId) }),
      queryClient.invalidateQueries({ queryKey: employeeKeys.instructors(orgId) }),
    ]);
  const setWage = (i: number, patch: Partial<WageDraft>) =>
    setDraft((d) => ({ ...d, wages: d.wages.map((w, j) => (j === i ? { ...w, ...patch } : w)) }));

  const submit = async () => {
    if (Object.keys(checkDraft(draft, mode)).length > 0) {
      setShowErrors(true);
      return;
    }
    try {
      const body = bodyOf(draft, mode);
      const saved = await onSave(employee ? { id: employee.id, ...body } : body);
      // A photo picked for a new record goes up once the record has its id (api.md 7.5 folders name it).
      const id = employee?.id ?? (saved as { id?: string } | undefined)?.id;
      if (pendingAvatar && id) {
        try {
          await uploadImage(orgId, { target: avatarKind(draft.employeeTypeId), id }, pendingAvatar, () => {});
          await refreshLists();
        } catch (e) {
          // api.md 8.4 Media: Fotoğraf yüklenemedi
          enqueueSnackbar(`Fotoğraf yüklenemedi: ${errorText(e)}`, { variant: 'error' });
        }
      }
      onClose();
    } catch {
      // the mutation showed the failure toast; the dialog keeps what was typed
    }
  };

  const textField = (key: 'name' | 'surname' | 'cv' | 'notes', label: string, max: number, rows = 0) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      required={key === 'name' || key === 'surname'}
      fullWidth
      multiline={rows > 0}
      minRows={rows || undefined}
      error={!!errors[key]}
      helperText={errors[key] ?? (rows > 0 ? `${draft[key].length}/${max}` : undefined)}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );

  return (
    <FormDialog
      title={employee ? `${noun} Düzenle` : `Yeni ${noun}`}
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitLabel={busy ? 'Kaydediliyor' : employee ? 'Güncelle' : 'Kaydet'}
      submitDisabled={!changed && !pendingAvatar}
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ImageUpload
          orgId={orgId}
          label="Fotoğraf"
          shape="avatar"
          url={employee?.avatar ?? null}
          target={employee ? { target: avatarKind(initial.employeeTypeId), id: employee.id } : null}
          onPendingFile={setPendingAvatar}
          onUploaded={(url) => {
            set('avatar', url ?? '');
            void refreshLists();
          }}
        />
        {mode === 'employee' && (
          <TextField
            select
            label="Çalışan türü"
            value={draft.employeeTypeId}
            onChange={(e) => set('employeeTypeId', Number(e.target.value) as EmployeeTypeId)}
            error={!!errors.employeeTypeId}
            helperText={
              errors.employeeTypeId ??
              (draft.employeeTypeId !== INSTRUCTOR_TYPE_ID && initial.employeeTypeId === INSTRUCTOR_TYPE_ID
                ? 'Eğitmen olmayan çalışanın CV ve branşları silinir.'
                : undefined)
            }
          >
            {TYPE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {EMPLOYEE_TYPES[id]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {textField('name', 'İsim', EMPLOYEE_LIMITS.name)}
          {textField('surname', 'Soyisim', EMPLOYEE_LIMITS.name)}
        </Stack>
        {mode === 'employee' && (
          <TextField
            label="Telefon"
            value={draft.phone}
            onChange={(e) => set('phone', digitsOnly(e.target.value, 10))}
            error={!!errors.phone}
            helperText={errors.phone ?? '(5__) ___ __ __'}
            slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric', pattern: '[0-9]*' } }}
          />
        )}
        <TextField
          select
          label="Bağlı kullanıcı"
          value={draft.userId}
          onChange={(e) => set('userId', e.target.value)}
          error={!!errors.userId}
          helperText={errors.userId ?? 'Eğitmen hesabıyla giriş yaptığında kendi derslerini önce görür.'}
        >
          <MenuItem value="">Yok</MenuItem>
          {users.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.label}
            </MenuItem>
          ))}
        </TextField>
        {instructor && (
          <TextField
            select
            label="Branşlar"
            required
            value={draft.branches}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              set('branches', typeof v === 'string' ? v.split(',') : v);
            }}
            error={!!errors.branches}
            helperText={errors.branches ?? (courses.length === 0 ? 'Önce bir kurs ekleyin.' : undefined)}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {(selected as string[]).map((id) => (
                      <Chip key={id} size="small" label={courses.find((c) => c.id === id)?.label ?? id} />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {courses.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {instructor && textField('cv', 'CV', EMPLOYEE_LIMITS.cv, 3)}
        {mode === 'employee' && textField('notes', 'Notlar', EMPLOYEE_LIMITS.notes, 2)}
        {mode === 'employee' && (
          <WageEditor
            wages={draft.wages}
            error={errors.wages}
            onChange={setWage}
            onAdd={() => set('wages', [...draft.wages, emptyWage(todayDay())])}
            onRemove={(i) =>
              set(
                'wages',
                draft.wages.filter((_, j) => j !== i),
              )
            }
          />
        )}
        {showErrors && errors.root && <Alert severity="error">{errors.root}</Alert>}
      </Stack>
    </FormDialog>
  );
}

function WageEditor({
  wages,
  error,
  onChange,
  onAdd,
  onRemove,
}: {
  wages: WageDraft[];
  error: string | undefined;
  onChange: (i: number, patch: Partial<WageDraft>) => void;
  onAdd: () => void;
  onRemove: (i: number) => void;
}) {
  const today = parseDateInput(todayDay());
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">Maaş dönemleri</Typography>
      {wages.map((w, i) => {
        const start = parseDateInput(w.startDate);
        const end = w.endDate ? parseDateInput(w.endDate) : null;
        const active = !!start && !!today && start <= today && (end === null || today < end);
        return (
          <Paper key={i} variant="outlined" sx={{ p: 1.5 }} aria-label={`Maaş dönemi ${i + 1}`}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  select
                  size="small"
                  label="Maaş türü"
                  value={w.type}
                  onChange={(e) => onChange(i, { type: e.target.value as WageDraft['type'] })}
                  sx={{ minWidth: 160 }}
                >
                  <MenuItem value="periodic">Dönemlik</MenuItem>
                  <MenuItem value="per_class">Ders başına</MenuItem>
                </TextField>
                <TextField
                  size="small"
                  label="Tutar (TL)"
                  value={w.amount}
                  onChange={(e) => onChange(i, { amount: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 20, inputMode: 'decimal' } }}
                />
                {active && <Chip size="small" color="success" label="Aktif" />}
                <Box sx={{ flex: 1 }} />
                <IconButton aria-label={`Maaş dönemi ${i + 1} sil`} onClick={() => onRemove(i)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  size="small"
                  type="date"
                  label="Başlangıç"
                  value={w.startDate}
                  onChange={(e) => onChange(i, { startDate: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  size="small"
                  type="date"
                  label="Bitiş (isteğe bağlı)"
                  value={w.endDate}
                  onChange={(e) => onChange(i, { endDate: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              {w.type === 'periodic' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    label="Dönem uzunluğu"
                    value={w.periodLength}
                    onChange={(e) => onChange(i, { periodLength: digitsOnly(e.target.value, 3) })}
                    sx={{ width: 140 }}
                  />
                  <TextField
                    select
                    size="small"
                    label="Birim"
                    value={w.periodUnit}
                    onChange={(e) => onChange(i, { periodUnit: e.target.value as WageDraft['periodUnit'] })}
                    sx={{ width: 120 }}
                  >
                    <MenuItem value="day">Gün</MenuItem>
                    <MenuItem value="week">Hafta</MenuItem>
                    <MenuItem value="month">Ay</MenuItem>
                  </TextField>
                  <FormControlLabel
                    label="Dönem başında ödenir"
                    control={
                      <Checkbox
                        checked={w.payAtBeginning}
                        onChange={(_, v) => onChange(i, { payAtBeginning: v })}
                      />
                    }
                  />
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
          Maaş dönemi ekle
        </Button>
      </Box>
    </Stack>
  );
}
