import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { COMPANY_TYPES, generateTckn, generateVkn, message, type PreregisterInput } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { type MouseEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAuthActions } from '../auth/useAuthActions';
import { usePublicInfo } from '../public-info/queries';
import { preregister } from './queries';
import { passwordHint } from '../../lib/password-hint';
import {
  COMPANY_TYPE_LABELS,
  EMPTY_REGISTRATION_FORM,
  registrationResolver,
  sanitizeField,
  isDigitField,
  needsVkn,
  tcknInlineError,
  vknInlineError,
  type RegistrationField,
  type RegistrationFormValues,
} from './registration-form';

/** The documents the consent box links to; the public layout opens them in its modal. */
export type RegistrationDocument = 'privacy' | 'distanceSales';

const gradientSx = {
  py: 1.5,
  color: 'common.white',
  background: (t: Theme) => `linear-gradient(90deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
  '&:hover': { boxShadow: (t: Theme) => `0 8px 24px ${alpha(t.palette.primary.main, 0.3)}` },
} as const;

/**
 * /kayit's form (product.md 3 and 5): the owner and the institution. Checked on the client with the
 * shared preregister schema; on success the user is signed in with the same e-mail and password
 * (api.md 7.2), after which the page shows the e-mail verification panel.
 */
export function RegistrationForm({
  onShowDocument,
}: {
  onShowDocument: (doc: RegistrationDocument) => void;
}) {
  const { login } = useAuthActions();
  const testAids = usePublicInfo().data?.testAids === true;
  const {
    control,
    handleSubmit,
    setValue,
    formState: { isSubmitting: busy, isSubmitted },
  } = useForm<RegistrationFormValues, unknown, PreregisterInput>({
    resolver: registrationResolver,
    defaultValues: EMPTY_REGISTRATION_FORM,
  });
  const [tckn, vkn, companyType, password] = useWatch({
    control,
    name: ['tckn', 'vkn', 'companyType', 'password'],
  });
  const set = (name: RegistrationField, raw: string) =>
    setValue(name, sanitizeField(name, raw), { shouldValidate: isSubmitted });

  const tcknError = tcknInlineError(tckn);
  const vknError = vknInlineError(vkn, companyType);
  const vknShown = needsVkn(companyType);

  const onSubmit = handleSubmit(
    async (payload) => {
      const r = await preregister(payload);
      if (!r.ok) {
        // api.md 8.1: Kullanıcı oluşturulurken bir hata meydana geldi: plus the error
        enqueueSnackbar(message('registration.apiError', { error: r.error }), { variant: 'error' });
        return;
      }
      enqueueSnackbar(message('registration.success'), { variant: 'success' });
      // api.md 7.2: on success the client logs the user in with the e-mail and password
      const signedIn = await login(payload.email, payload.password);
      if (!signedIn.ok)
        enqueueSnackbar(message('login.failed', { error: signedIn.error }), { variant: 'error' });
    },
    (errors) => {
      if (errors.root?.message) enqueueSnackbar(errors.root.message, { variant: 'warning' });
    },
  );

  const field = (
    name: RegistrationField,
    label: string,
    props: Partial<TextFieldProps> & { maxLength?: number; adornment?: ReactNode } = {},
  ) => {
    const { maxLength, adornment, error, ...rest } = props;
    const digits = isDigitField(name);
    return (
      <Controller
        control={control}
        name={name}
        render={({ field: f, fieldState }) => (
          <TextField
            name={f.name}
            inputRef={f.ref}
            onBlur={f.onBlur}
            label={label}
            value={f.value}
            onChange={(e) => f.onChange(sanitizeField(name, e.target.value))}
            required
            fullWidth
            {...rest}
            error={!!fieldState.error || !!error}
            slotProps={{
              htmlInput: {
                // digits-only fields are cut by sanitizeField, after a pasted "(532) 123 45 67" lost its spaces
                ...(digits ? { inputMode: 'numeric' } : { maxLength }),
              },
              input: adornment
                ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> }
                : {},
            }}
          />
        )}
      />
    );
  };

  const sample = (label: string, onClick: () => void) =>
    testAids ? (
      <Button size="small" onClick={onClick} sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Button>
    ) : undefined;

  const docLink = (doc: RegistrationDocument, text: string) => (
    <Link
      component="button"
      type="button"
      sx={{ verticalAlign: 'baseline' }}
      onClick={(e: MouseEvent) => {
        // opening the text must not tick the box
        e.preventDefault();
        e.stopPropagation();
        onShowDocument(doc);
      }}
    >
      {text}
    </Link>
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Kurum Kayıt">
      <Stack spacing={3}>
        <Section title="Yetkili bilgileri">
          <Row>
            {field('name', 'İsim', { autoComplete: 'given-name', maxLength: 50 })}
            {field('surname', 'Soyisim', { autoComplete: 'family-name', maxLength: 50 })}
          </Row>
          <Row>
            {field('email', 'E-posta', { type: 'email', autoComplete: 'email', maxLength: 100 })}
            {field('password', 'Şifre', {
              type: 'password',
              autoComplete: 'new-password',
              maxLength: 200,
              helperText: passwordHint(password),
            })}
          </Row>
          <Row>
            {field('phone', 'Telefon', { autoComplete: 'tel-national', helperText: '(5__) ___ __ __' })}
            {field('tckn', 'TC Kimlik No', {
              error: !!tcknError,
              helperText: tcknError ?? ' ',
              adornment: sample('Örnek TCKN', () => set('tckn', generateTckn(Math.random))),
            })}
          </Row>
        </Section>

        <Section title="Kurum bilgileri">
          <Row>
            {field('organizationName', 'Kurum Adı', { autoComplete: 'organization', maxLength: 200 })}
            {field('organizationType', 'Kurum Türü', {
              maxLength: 100,
              helperText: 'Örneğin: dil kursu, müzik okulu, etüt merkezi',
            })}
          </Row>
          {field('organizationAddress', 'Kurum Adresi', {
            multiline: true,
            minRows: 2,
            maxRows: 5,
            maxLength: 500,
            autoComplete: 'street-address',
          })}
          <Row>
            <Controller
              control={control}
              name="companyType"
              render={({ field: f, fieldState }) => (
                <TextField
                  select
                  name={f.name}
                  inputRef={f.ref}
                  onBlur={f.onBlur}
                  label="Şirket Türü"
                  value={f.value}
                  onChange={(e) => f.onChange(e.target.value)}
                  required
                  fullWidth
                  error={!!fieldState.error}
                  helperText={
                    f.value === 'none' ? 'Bireysel üyelikler birkaç gün içinde elle doğrulanır.' : ' '
                  }
                >
                  {COMPANY_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {COMPANY_TYPE_LABELS[t]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {field('employeeCount', 'Çalışan Sayısı', { helperText: ' ' })}
          </Row>
          {vknShown &&
            field('vkn', 'Vergi Kimlik No (VKN)', {
              error: !!vknError,
              helperText: vknError ?? ' ',
              adornment: sample('Örnek VKN', () => set('vkn', generateVkn(Math.random))),
            })}
        </Section>

        <Stack spacing={1}>
          <FormControlLabel
            control={
              <Controller
                control={control}
                name="legalTerms"
                render={({ field: f }) => (
                  <Checkbox name={f.name} checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />
                )}
              />
            }
            label={
              <Typography variant="body2">
                {docLink('privacy', 'Gizlilik Politikası')}&apos;nı ve{' '}
                {docLink('distanceSales', 'Mesafeli Satış Sözleşmesi')}&apos;ni okudum, yasal koşulları kabul
                ediyorum.
              </Typography>
            }
          />
          <FormControlLabel
            control={
              <Controller
                control={control}
                name="communication"
                render={({ field: f }) => (
                  <Checkbox name={f.name} checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />
                )}
              />
            }
            label={
              <Typography variant="body2">
                Hesabım, üyeliğim ve ödemelerimle ilgili bilgilendirmelerin e-posta, SMS ve telefon yoluyla
                tarafıma iletilmesine izin veriyorum.
              </Typography>
            }
          />
        </Stack>

        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth sx={gradientSx}>
          {busy ? 'KAYDEDİLİYOR' : 'KAYIT OL'}
        </Button>
      </Stack>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1 } }}>
      {children}
    </Stack>
  );
}
