import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid, { type GridSize } from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STUDENT_LIMITS,
  formatStudentNumber,
  isValidDateParts,
  sampleStudentForm,
  type StudentFormMode,
} from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '../../../components/FormTextField';
import { PageHeader } from '../../../components/PageHeader';
import { Section } from '../../../components/Section';
import { formatDateTime } from '../../../lib/format';
import { useOrgId } from '../../auth/useSession';
import { usePublicInfo } from '../../public-info/queries';
import { todayOf } from '../list/student-table';
import { studentListQueryOptions, useEditStudent, useRegisterStudent } from '../queries';
import { message, type Student } from '@okul/domain';
import {
  emptyStudentForm,
  formFromValues,
  showsParents,
  validateStudentForm,
  type StudentFormState,
} from './student-form';

/** api.md 9.5: the digits of the numeric fields (the text limits are the schema's STUDENT_LIMITS). */
const DIGITS = { tckn: 11, phone: 10, day: 2, month: 2, year: 4 } as const;
const PHONE_HINT = '(5__) ___ __ __';
const CONSENT_OPTIONS = [
  { value: '', label: 'Alınmadı' },
  { value: 'ONAY', label: 'ONAY' },
  { value: 'RET', label: 'RET' },
] as const;

/** A text field of the form in its grid cell (half the row from sm up, unless sized). */
function Cell({
  cell = { xs: 12, sm: 6 },
  ...props
}: FormTextFieldProps<StudentFormState> & {
  cell?: GridSize | Partial<Record<'xs' | 'sm' | 'md', GridSize>>;
}) {
  return (
    <Grid size={cell}>
      <FormTextField fullWidth {...props} />
    </Grid>
  );
}

function ConsentSelect({
  control,
  name,
  label,
  consentDate,
}: {
  control: Control<StudentFormState>;
  name: 'studentPhoneOptInStatus' | 'parent1PhoneOptInStatus' | 'parent2PhoneOptInStatus';
  label: string;
  consentDate?: string | null;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          select
          fullWidth
          label={label}
          helperText={consentDate ? `İzin tarihi: ${formatDateTime(consentDate)}` : undefined}
          // product.md 3: empty means consent not obtained, shown as such rather than as a blank field
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          {CONSENT_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** product.md 5: a full date that is no real day shows "Date input not valid." under its fields. */
function DateHint({ control, prefix }: { control: Control<StudentFormState>; prefix: 'reg' | 'dob' }) {
  const [d, m, y] = useWatch({ control, name: [`${prefix}D`, `${prefix}M`, `${prefix}Y`] });
  const complete = d !== '' && m !== '' && y.length === 4;
  if (!complete || isValidDateParts(Number(y), Number(m), Number(d))) return null;
  return (
    <Typography variant="caption" color="error" role="alert">
      {message('student.dateInputInvalid')}
    </Typography>
  );
}

/** The day, month and year fields of a date typed in parts (product.md 5), e.g. "Kayıt günü". */
function DatePartFields({
  control,
  prefix,
  label,
}: {
  control: Control<StudentFormState>;
  prefix: 'reg' | 'dob';
  label: string;
}) {
  const parts = [
    { name: `${prefix}D`, label: `${label} günü`, digits: DIGITS.day },
    { name: `${prefix}M`, label: `${label} ayı`, digits: DIGITS.month },
    { name: `${prefix}Y`, label: `${label} yılı`, digits: DIGITS.year },
  ] as const;
  return parts.map((p) => (
    <Grid key={p.name} size={{ xs: 4, sm: 2 }}>
      <FormTextField fullWidth control={control} name={p.name} label={p.label} digits={p.digits} required />
    </Grid>
  ));
}

export interface StudentFormPageProps {
  /** null registers a new student (Yeni Öğrenci Kayıt); a student edits it (Öğrenci Kayıt Düzenleme). */
  student: Student | null;
}

/** /giris/ogrenci-kayit and /giris/ogrenci-duzenle/{studentNumber} (school-admin), product.md 2 and 5. */
export function StudentFormPage({ student }: StudentFormPageProps) {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const mode: StudentFormMode = student ? 'edit' : 'create';
  const today = useMemo(() => todayOf(), []);
  const { data: info } = usePublicInfo();
  const testAids = info?.testAids === true;
  // product.md 5: on create a TCKN already in the student list is refused (deleted students keep theirs).
  const { data: list } = useQuery({ ...studentListQueryOptions(orgId), enabled: mode === 'create' });
  const existingTckns = useMemo(
    () => (list ?? []).map((s) => s.TCKN).filter((t): t is string => !!t),
    [list],
  );
  const register = useRegisterStudent(orgId);
  const edit = useEditStudent(orgId);
  const busy = register.isPending || edit.isPending;

  const resolver: Resolver<StudentFormState> = (values) => {
    const result = validateStudentForm(values, { mode, id: student?.id, existingTckns });
    if (result.ok) return { values, errors: {} };
    const entries = Object.entries(result.fieldErrors).map(([k, message]) => [
      k,
      { type: 'validate', message },
    ]);
    return {
      values: {},
      errors: Object.fromEntries(
        entries.length > 0 ? entries : [['root', { type: 'validate', message: result.toast }]],
      ),
    };
  };

  const { control, handleSubmit, reset, getValues } = useForm<StudentFormState>({
    defaultValues: student ? formFromValues(student) : emptyStudentForm(today),
    resolver,
  });
  const watched = useWatch({ control });
  const parents = showsParents({ ...emptyStudentForm(today), ...watched } as StudentFormState, today);

  const submit = handleSubmit(
    async (values) => {
      const result = validateStudentForm(values, { mode, id: student?.id, existingTckns });
      if (!result.ok) return;
      try {
        const saved =
          mode === 'create'
            ? await register.mutateAsync(result.payload)
            : await edit.mutateAsync(result.payload);
        // api.md 7.7: after the save, the student list is fetched again and the detail page opens.
        await navigate({
          to: '/giris/ogrenci-detay/$studentNumber',
          params: { studentNumber: String(saved.studentNumber ?? student?.studentNumber) },
        });
      } catch {
        // the mutation showed the server's text (api.md 8.2); the form keeps what was typed
      }
    },
    () => {
      const result = validateStudentForm(getValues(), { mode, id: student?.id, existingTckns });
      if (!result.ok)
        enqueueSnackbar(result.toast, { variant: 'warning', style: { whiteSpace: 'pre-line' } });
    },
  );

  const autofill = () => {
    const now = todayOf();
    reset(formFromValues(sampleStudentForm(Math.random, now)));
  };

  const title = mode === 'create' ? 'Yeni Öğrenci Kayıt' : 'Öğrenci Kayıt Düzenleme';
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 960 }}>
      <PageHeader
        title={title}
        subtitle={
          student
            ? `${student.name} ${student.surname} (${formatStudentNumber(student.studentNumber)})`
            : undefined
        }
        actions={
          mode === 'create' && testAids ? (
            <Button variant="outlined" color="secondary" startIcon={<AutoFixHighIcon />} onClick={autofill}>
              Otomatik Doldur
            </Button>
          ) : undefined
        }
      />

      <Section sx={{ mb: 2 }} title="Kayıt Tarihi">
        <Grid container spacing={2}>
          <DatePartFields control={control} prefix="reg" label="Kayıt" />
          <Grid size={12}>
            <DateHint control={control} prefix="reg" />
          </Grid>
        </Grid>
      </Section>

      <Section sx={{ mb: 2 }} title="Kimlik Bilgileri">
        <Grid container spacing={2}>
          <Cell control={control} name="name" label="İsim" maxLength={STUDENT_LIMITS.name} required />
          <Cell
            control={control}
            name="surname"
            label="Soyisim"
            maxLength={STUDENT_LIMITS.surname}
            required
          />
          <Cell control={control} name="TCKN" label="TC Kimlik No" digits={DIGITS.tckn} required />
        </Grid>
      </Section>

      <Section sx={{ mb: 2 }} title="Doğum Tarihi">
        <Grid container spacing={2}>
          <DatePartFields control={control} prefix="dob" label="Doğum" />
          <Cell control={control} name="pob" label="Doğum Yeri" maxLength={STUDENT_LIMITS.pob} required />
          <Grid size={12}>
            <DateHint control={control} prefix="dob" />
          </Grid>
        </Grid>
      </Section>

      <Section sx={{ mb: 2 }} title="İletişim Bilgileri">
        <Grid container spacing={2}>
          <Cell
            control={control}
            name="phone"
            label="Telefon"
            digits={DIGITS.phone}
            placeholder="5XXXXXXXXX"
            hint={PHONE_HINT}
            type="tel"
          />
          <Grid size={{ xs: 12, sm: 6 }}>
            <ConsentSelect
              control={control}
              name="studentPhoneOptInStatus"
              label="Telefon SMS izni"
              consentDate={student?.studentPhoneConsentDate}
            />
          </Grid>
          <Cell
            control={control}
            name="email"
            label="E-posta"
            maxLength={STUDENT_LIMITS.email}
            type="email"
          />
          <Cell
            cell={{ xs: 12, sm: 3 }}
            control={control}
            name="facebook"
            label="Facebook"
            maxLength={STUDENT_LIMITS.facebook}
          />
          <Cell
            cell={{ xs: 12, sm: 3 }}
            control={control}
            name="instagram"
            label="Instagram"
            maxLength={STUDENT_LIMITS.instagram}
          />
        </Grid>
      </Section>

      {parents && (
        <Section sx={{ mb: 2 }} title="Veli Bilgileri">
          <Grid container spacing={2}>
            {([1, 2] as const).map((n) => (
              <Grid key={n} size={{ xs: 12, md: 6 }} container spacing={2}>
                <Grid size={12}>
                  <Typography variant="subtitle2" color="text.secondary">
                    {n}. Veli
                  </Typography>
                </Grid>
                <Cell
                  cell={12}
                  control={control}
                  name={`parent${n}Name`}
                  label={`${n}. Veli Adı Soyadı`}
                  maxLength={STUDENT_LIMITS.parentName}
                />
                <Cell
                  cell={12}
                  control={control}
                  name={`parent${n}Job`}
                  label={`${n}. Veli Mesleği`}
                  maxLength={STUDENT_LIMITS.parentJob}
                />
                <Cell
                  control={control}
                  name={`parent${n}Phone`}
                  label={`${n}. Veli Telefonu`}
                  digits={DIGITS.phone}
                  placeholder="5XXXXXXXXX"
                  hint={PHONE_HINT}
                  type="tel"
                />
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ConsentSelect
                    control={control}
                    name={`parent${n}PhoneOptInStatus`}
                    label={`${n}. Veli SMS izni`}
                    consentDate={
                      n === 1 ? student?.parent1PhoneConsentDate : student?.parent2PhoneConsentDate
                    }
                  />
                </Grid>
              </Grid>
            ))}
          </Grid>
        </Section>
      )}

      <Section sx={{ mb: 2 }} title="Adres">
        <FormTextField
          fullWidth
          control={control}
          name="address"
          label="Adres"
          maxLength={STUDENT_LIMITS.address}
          required
          multiline
          minRows={2}
          maxRows={6}
        />
      </Section>

      <Section sx={{ mb: 2 }} title="Notlar">
        <FormTextField
          fullWidth
          control={control}
          name="notes"
          label="Notlar"
          maxLength={STUDENT_LIMITS.notes}
          multiline
          minRows={2}
          maxRows={6}
        />
      </Section>

      {/* left-aligned: the toasts open at the bottom right and must not cover the button */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-start', gap: 1, mb: 4 }}>
        <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={busy}>
          {mode === 'create' ? 'ÖĞRENCİYİ KAYDET' : 'BİLGİLERİ GÜNCELLE'}
        </Button>
      </Box>
    </Box>
  );
}
