import type { EmployeeAnswer } from '@okul/domain';
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
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { errorText } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { useWholeFormRevalidation } from '../../lib/use-whole-form-revalidation';
import { ImageUpload } from '../../components/ImageUpload';
import { uploadImage } from '../../lib/image-upload';
import { useOrgId } from '../auth/useSession';
import { employeeKeys } from './queries';
import {
  bodyOf,
  draftOf,
  emptyWage,
  employeeResolver,
  isChanged,
  todayDay,
  type EmployeeDraft,
  type EmployeeFormMode,
} from './employee-form';

export interface Option {
  id: string;
  label: string;
}

export interface EmployeeFormDialogProps {
  mode: EmployeeFormMode;
  /** null adds; a record edits it. */
  employee: EmployeeAnswer | null;
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
  const resolver = useMemo(() => employeeResolver(mode), [mode]);
  const form = useForm<EmployeeDraft>({ resolver, defaultValues: initial });
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = form;
  useWholeFormRevalidation(form);
  const draft = useWatch({ control }) as EmployeeDraft;
  const changed = isChanged(draft, initial, mode);
  const instructor = mode === 'instructor' || draft.employeeTypeId === INSTRUCTOR_TYPE_ID;
  const noun = instructor ? 'Eğitmen' : 'Çalışan';
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

  const submit = handleSubmit(async (values) => {
    try {
      const body = bodyOf(values, mode);
      const saved = await onSave(employee ? { id: employee.id, ...body } : body);
      // A photo picked for a new record goes up once the record has its id (api.md 7.5 folders name it).
      const id = employee?.id ?? (saved as { id?: string } | undefined)?.id;
      if (pendingAvatar && id) {
        try {
          await uploadImage(
            orgId,
            { target: avatarKind(values.employeeTypeId), id },
            pendingAvatar,
            () => {},
          );
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
  });

  const textField = (key: 'name' | 'surname' | 'cv' | 'notes', label: string, max: number, rows = 0) => (
    <FormTextField
      control={control}
      name={key}
      label={label}
      required={key === 'name' || key === 'surname'}
      fullWidth
      multiline={rows > 0}
      minRows={rows || undefined}
      hint={rows > 0 ? `${(draft[key] ?? '').length}/${max}` : undefined}
      maxLength={max}
    />
  );

  return (
    <FormDialog
      title={employee ? `${noun} Düzenle` : `Yeni ${noun}`}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
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
            setValue('avatar', url ?? '', { shouldDirty: true });
            void refreshLists();
          }}
        />
        {mode === 'employee' && (
          <FormTextField
            control={control}
            name="employeeTypeId"
            select
            label="Çalışan türü"
            parse={Number}
            hint={
              draft.employeeTypeId !== INSTRUCTOR_TYPE_ID && initial.employeeTypeId === INSTRUCTOR_TYPE_ID
                ? 'Eğitmen olmayan çalışanın CV ve branşları silinir.'
                : undefined
            }
          >
            {TYPE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {EMPLOYEE_TYPES[id]}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {textField('name', 'İsim', EMPLOYEE_LIMITS.name)}
          {textField('surname', 'Soyisim', EMPLOYEE_LIMITS.name)}
        </Stack>
        {mode === 'employee' && (
          <FormTextField control={control} name="phone" label="Telefon" digits={10} hint="(5__) ___ __ __" />
        )}
        <FormTextField
          control={control}
          name="userId"
          select
          label="Bağlı kullanıcı"
          hint="Eğitmen hesabıyla giriş yaptığında kendi derslerini önce görür."
        >
          <MenuItem value="">Yok</MenuItem>
          {users.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.label}
            </MenuItem>
          ))}
        </FormTextField>
        {instructor && (
          <FormTextField
            control={control}
            name="branches"
            select
            label="Branşlar"
            required
            // a multiple select answers a list (text only when autofilled)
            parse={(v) => (typeof v === 'string' ? v.split(',') : v)}
            hint={courses.length === 0 ? 'Önce bir kurs ekleyin.' : undefined}
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
          </FormTextField>
        )}
        {instructor && textField('cv', 'CV', EMPLOYEE_LIMITS.cv, 3)}
        {mode === 'employee' && textField('notes', 'Notlar', EMPLOYEE_LIMITS.notes, 2)}
        {mode === 'employee' && <WageEditor control={control} error={errors.wages?.message} />}
        {errors.root?.message && <Alert severity="error">{errors.root.message}</Alert>}
      </Stack>
    </FormDialog>
  );
}

function WageEditor({ control, error }: { control: Control<EmployeeDraft>; error: string | undefined }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'wages' });
  const wages = useWatch({ control, name: 'wages' });
  const today = parseDateInput(todayDay());
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">Maaş dönemleri</Typography>
      {fields.map((row, i) => {
        const w = wages[i] ?? row;
        const start = parseDateInput(w.startDate);
        const end = w.endDate ? parseDateInput(w.endDate) : null;
        const active = !!start && !!today && start <= today && (end === null || today < end);
        return (
          <Paper key={row.id} variant="outlined" sx={{ p: 1.5 }} aria-label={`Maaş dönemi ${i + 1}`}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FormTextField
                  select
                  size="small"
                  label="Maaş türü"
                  control={control}
                  name={`wages.${i}.type`}
                  sx={{ minWidth: 160 }}
                >
                  <MenuItem value="periodic">Dönemlik</MenuItem>
                  <MenuItem value="per_class">Ders başına</MenuItem>
                </FormTextField>
                <FormTextField
                  size="small"
                  label="Tutar (TL)"
                  control={control}
                  name={`wages.${i}.amount`}
                  maxLength={20}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                {active && <Chip size="small" color="success" label="Aktif" />}
                <Box sx={{ flex: 1 }} />
                <IconButton aria-label={`Maaş dönemi ${i + 1} sil`} onClick={() => remove(i)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <FormTextField
                  size="small"
                  type="date"
                  label="Başlangıç"
                  control={control}
                  name={`wages.${i}.startDate`}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <FormTextField
                  size="small"
                  type="date"
                  label="Bitiş (isteğe bağlı)"
                  control={control}
                  name={`wages.${i}.endDate`}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              {w.type === 'periodic' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
                  <FormTextField
                    size="small"
                    label="Dönem uzunluğu"
                    control={control}
                    name={`wages.${i}.periodLength`}
                    digits={3}
                    sx={{ width: 140 }}
                  />
                  <FormTextField
                    select
                    size="small"
                    label="Birim"
                    control={control}
                    name={`wages.${i}.periodUnit`}
                    sx={{ width: 120 }}
                  >
                    <MenuItem value="day">Gün</MenuItem>
                    <MenuItem value="week">Hafta</MenuItem>
                    <MenuItem value="month">Ay</MenuItem>
                  </FormTextField>
                  <Controller
                    control={control}
                    name={`wages.${i}.payAtBeginning`}
                    render={({ field }) => (
                      <FormControlLabel
                        label="Dönem başında ödenir"
                        control={<Checkbox checked={field.value} onChange={(_, v) => field.onChange(v)} />}
                      />
                    )}
                  />
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => append(emptyWage(todayDay()))}>
          Maaş dönemi ekle
        </Button>
      </Box>
    </Stack>
  );
}
