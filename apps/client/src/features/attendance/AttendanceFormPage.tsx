import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import {
  MESSAGES,
  addAttendanceSchema,
  editAttendanceSchema,
  type AttendanceInput,
  type EditAttendanceInput,
  message,
} from '@okul/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { errorText } from '../../api/client';
import { FormTextField } from '../../components/FormTextField';
import { PageHeader } from '../../components/PageHeader';
import { CARD_RADIUS } from '../../theme';
import { useOrgId } from '../auth/useSession';
import { coursesQueryOptions } from '../courses/queries';
import { instructorsQueryOptions } from '../employees/queries';
import {
  NO_ENROLLMENT_TITLE,
  attendanceInstant,
  attendeeOptions,
  attendeesWithoutEnrollment,
  dateTimeParts,
  instructorOptions,
  partsToDate,
  studentLabel,
  studentsWithoutEnrollment,
  validateAttendanceForm,
  type AttendanceFormField,
  type AttendanceFormValues,
  type AttendeeOption,
} from './attendance-helpers';
import { pickerStudentsQueryOptions, useAddAttendance, useEditAttendance } from './queries';
import type { Attendance } from '@okul/domain';
import type { PickerStudent } from './attendance-helpers';

type Output = AttendanceInput | EditAttendanceInput;

const FIELD_OF: Record<AttendanceFormField, keyof AttendanceFormValues | 'root'> = {
  courseId: 'courseId',
  attendants: 'attendants',
  dateTime: 'date',
  instructorId: 'instructorId',
  root: 'root',
};

/**
 * react-hook-form checks the form with the server's own schema (libs/domain attendance/schemas.ts), so each
 * field shows the warning the server would answer (product.md 5: Ders seçilmemiş, Öğrenci sayısı sıfır,
 * Gün/saat eksik veya hatalı).
 */
function resolverFor(editing: Attendance | null): Resolver<AttendanceFormValues, unknown, Output> {
  return async (values) => {
    const result = editing
      ? validateAttendanceForm<EditAttendanceInput>(editAttendanceSchema, values, { id: editing.id })
      : validateAttendanceForm<AttendanceInput>(addAttendanceSchema, values);
    if (result.ok) return { values: result.body, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      errors[FIELD_OF[field as AttendanceFormField]] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FieldErrors<AttendanceFormValues> };
  };
}

/** A lesson of the plan to take attendance for ("Yoklama al"): its course, time and expected members. */
export interface AttendancePrefill {
  courseId: string;
  at: string;
  /** The schedule's Eğitmen, or null (Diğer). */
  instructorId: string | null;
  attendants: string[];
}

function startValues(
  editing: Attendance | null,
  now: Date,
  prefill?: AttendancePrefill | null,
): AttendanceFormValues {
  if (editing) {
    const at = partsToDate(editing);
    return {
      courseId: editing.courseId,
      instructorId: editing.instructorId,
      attendants: [...editing.attendants],
      date: at,
      time: at,
    };
  }
  if (prefill) {
    const at = new Date(prefill.at);
    return {
      courseId: prefill.courseId,
      instructorId: prefill.instructorId,
      attendants: [...prefill.attendants],
      date: at,
      time: at,
    };
  }
  const at = new Date(now);
  at.setSeconds(0, 0);
  return { courseId: '', instructorId: null, attendants: [], date: at, time: at };
}

const optionLabel = (o: AttendeeOption) => studentLabel(o.student);

/** The text field of the date and time pickers: required, named and checked like the other fields. */
const pickerSlotProps = (field: { name: string; onBlur: () => void }, error?: { message?: string }) => ({
  textField: {
    required: true,
    fullWidth: true,
    name: field.name,
    onBlur: field.onBlur,
    error: !!error,
    helperText: error?.message,
  },
});

/**
 * /giris/yoklama-ekle and /giris/yoklama-duzenle/{attendanceDBID} (school-instructor): course, instructor,
 * date and time, and attendees among the organisation's students, those enrolled at that time first.
 */
export function AttendanceFormPage({
  attendance,
  prefill = null,
}: {
  attendance: Attendance | null;
  prefill?: AttendancePrefill | null;
}) {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const editing = attendance;
  const { data: courses } = useSuspenseQuery(coursesQueryOptions(orgId));
  const { data: pickerStudents } = useSuspenseQuery(pickerStudentsQueryOptions(orgId));
  // product.md 4 Visitor data loading: instructors load for everyone; a failed read leaves Diğer only.
  const instructors = useQuery(instructorsQueryOptions(orgId));
  const addAttendance = useAddAttendance(orgId);
  const editAttendance = useEditAttendance(orgId);
  const mutation = editing ? editAttendance : addAttendance;
  const failure = editing ? MESSAGES['attendance.editFailed'].text : MESSAGES['attendance.addFailed'].text;
  const [serverError, setServerError] = useState<unknown>(null);
  const [now] = useState(() => new Date());

  const resolver = useMemo(() => resolverFor(editing), [editing]);
  const { control, handleSubmit, setValue, formState } = useForm<AttendanceFormValues, unknown, Output>({
    resolver,
    defaultValues: startValues(editing, now, prefill),
  });
  const [courseId, attendants, date, time] = useWatch({
    control,
    name: ['courseId', 'attendants', 'date', 'time'],
  });

  // Attendees of an edited lesson stay nameable even when the students list no longer holds them.
  const students = useMemo<PickerStudent[]>(() => {
    const known = new Set(pickerStudents.map((s) => s.id));
    const extra = (editing?.students ?? [])
      .filter((s) => !known.has(s.id) && s.studentNumber !== null)
      .map((s) => ({
        id: s.id,
        studentNumber: s.studentNumber!,
        name: s.name ?? '',
        surname: s.surname ?? '',
        enrollments: [],
      }));
    return [...pickerStudents, ...extra];
  }, [pickerStudents, editing]);

  // product.md 5: eligibility is checked at the lesson time; until it is complete, at the present.
  const instant = attendanceInstant(dateTimeParts(date, time)) ?? now.toISOString();
  const options = useMemo(
    () => attendeeOptions(students, courseId, instant, attendants),
    [students, courseId, instant, attendants],
  );
  const selected = useMemo(() => {
    const byId = new Map(options.map((o) => [o.student.id, o]));
    return attendants.map((id) => byId.get(id)).filter((o): o is AttendeeOption => !!o);
  }, [options, attendants]);
  const notEnrolled = courseId ? attendeesWithoutEnrollment(students, attendants, courseId, instant) : [];

  const courseOptions = courses.filter((c) => !c.deletedAt || c.id === courseId);
  const instructorChoices = instructorOptions(instructors.data ?? [], courseId, editing);

  const refusedNames = studentsWithoutEnrollment(serverError, students);

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      if (editing) await editAttendance.mutateAsync(body as EditAttendanceInput);
      else await addAttendance.mutateAsync(body as AttendanceInput);
      // product.md 2: after saving the user returns to the list
      await navigate({ to: '/giris/yoklamalar' });
    } catch (error) {
      // the mutation showed the toast; the form keeps the input and shows the refusal under it
      setServerError(error);
    }
  });

  const busy = mutation.isPending || formState.isSubmitting;

  return (
    <>
      <PageHeader
        title={editing ? 'Yoklama Düzenle' : 'Yoklama Ekle'}
        subtitle={editing ? `Yoklama ${editing.code}` : undefined}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: `${CARD_RADIUS}px`, maxWidth: 820 }}>
        <form onSubmit={submit} noValidate aria-label={editing ? 'Yoklama düzenle' : 'Yoklama ekle'}>
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="courseId"
                select
                label="Ders"
                required
                fullWidth
                // product.md 5: the course cannot change in edit mode
                disabled={!!editing}
                onValueChange={() => {
                  // product.md 5: changing course clears attendees and instructor
                  setValue('attendants', []);
                  setValue('instructorId', null);
                  setServerError(null);
                }}
              >
                {courseOptions.length === 0 && (
                  <MenuItem value="" disabled>
                    {message('student.noOptions')}
                  </MenuItem>
                )}
                {editing && !courseOptions.some((c) => c.id === editing.courseId) && (
                  <MenuItem value={editing.courseId}>{editing.courseName ?? editing.courseId}</MenuItem>
                )}
                {courseOptions.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                control={control}
                name="instructorId"
                select
                label="Eğitmen"
                fullWidth
                parse={(v) => (v === '' ? null : v)}
                hint="Eğitmen seçilmezse Diğer kaydedilir."
              >
                {instructorChoices.map((o) => (
                  <MenuItem key={o.value || 'none'} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="date"
                render={({ field, fieldState }) => (
                  <DatePicker
                    label="Tarih"
                    value={field.value}
                    onChange={(v) => field.onChange(v)}
                    inputRef={field.ref}
                    slotProps={pickerSlotProps(field, fieldState.error)}
                  />
                )}
              />
              <Controller
                control={control}
                name="time"
                render={({ field, fieldState }) => (
                  <TimePicker
                    label="Saat"
                    ampm={false}
                    format="HH:mm"
                    value={field.value}
                    onChange={(v) => field.onChange(v)}
                    inputRef={field.ref}
                    slotProps={pickerSlotProps(field, fieldState.error)}
                  />
                )}
              />
            </Stack>

            <Controller
              control={control}
              name="attendants"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  disableCloseOnSelect
                  options={options}
                  value={selected}
                  disabled={!courseId}
                  groupBy={(o) => (o.enrolled ? 'Bu tarihte derse kayıtlı' : 'Diğer öğrenciler')}
                  getOptionLabel={optionLabel}
                  isOptionEqualToValue={(a, b) => a.student.id === b.student.id}
                  onChange={(_, value) => {
                    field.onChange(value.map((o) => o.student.id));
                    setServerError(null);
                  }}
                  renderValue={(value, getItemProps) =>
                    value.map((o, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return (
                        <Chip
                          key={key}
                          {...itemProps}
                          size="small"
                          label={optionLabel(o)}
                          color={o.enrolled ? 'default' : 'warning'}
                          title={o.enrolled ? undefined : 'Bu tarihte derse aktif kaydı yok'}
                        />
                      );
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      name={field.name}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      label="Katılan öğrenciler"
                      required
                      error={!!fieldState.error}
                      helperText={
                        fieldState.error?.message ??
                        (!courseId
                          ? 'Önce ders seçin.'
                          : notEnrolled.length > 0
                            ? `${notEnrolled.length} öğrencinin bu tarihte derse aktif kaydı yok.`
                            : `${selected.length} öğrenci seçildi.`)
                      }
                    />
                  )}
                />
              )}
            />

            {formState.errors.root?.message && (
              <Alert severity="error">{formState.errors.root.message}</Alert>
            )}

            {serverError !== null &&
              (refusedNames ? (
                // api.md 8.3: the refusal names the students without an enrolment at that date
                <Alert severity="warning" role="alert">
                  <AlertTitle>{failure}</AlertTitle>
                  {NO_ENROLLMENT_TITLE}:
                  <Box component="ul" aria-label="Kaydı olmayan öğrenciler" sx={{ my: 0.5, pl: 3 }}>
                    {refusedNames.map((name) => (
                      <li key={name}>{name}</li>
                    ))}
                  </Box>
                </Alert>
              ) : (
                <Alert severity="error" role="alert">
                  {failure}: {errorText(serverError)}
                </Alert>
              ))}

            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                disabled={busy}
                onClick={() =>
                  void (editing
                    ? navigate({
                        to: '/giris/yoklama-detay/$attendanceDBID',
                        params: { attendanceDBID: editing.id },
                      })
                    : navigate({ to: '/giris/yoklamalar' }))
                }
              >
                Vazgeç
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? 'Kaydediliyor' : editing ? 'Yoklamayı Güncelle' : 'Yoklamayı Kaydet'}
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
