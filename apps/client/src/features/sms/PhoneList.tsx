import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  SMS_PHONE_KINDS,
  consentOf,
  message,
  phoneOf,
  type SmsPhoneKind,
  type SmsStudentPhones,
} from '@okul/domain';
import { useEffect, useRef, useState } from 'react';
import { PHONE_KIND_LABELS } from './send-problems';

/** api.md 9.2 bulk list: height 600, rows 160 plus 16 spacing, overscan 8, scroll debounce 150 ms. */
const HEIGHT = 600;
const ROW = 160 + 16;
const OVERSCAN = 8;
const DEBOUNCE_MS = 150;

export const PHONE_LABELS: Record<SmsPhoneKind, string> = PHONE_KIND_LABELS;

export const selectionKey = (studentId: string, kind: SmsPhoneKind) => `${studentId}:${kind}`;

/** product.md 5: a phone can be chosen only with consent ONAY. */
export const selectable = (s: SmsStudentPhones, kind: SmsPhoneKind) =>
  phoneOf(s, kind) !== null && consentOf(s, kind) === 'ONAY';

/**
 * The students with their three phones, windowed so 3,000 students scroll smoothly: only the rows in view
 * (plus the overscan) are rendered; the scroll position is taken at most every 150 ms.
 */
export function PhoneList({
  students,
  selected,
  onToggle,
}: {
  students: SmsStudentPhones[];
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const [top, setTop] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(students.length, Math.ceil((top + HEIGHT) / ROW) + OVERSCAN);
  return (
    <Box
      data-testid="sms-phone-list"
      sx={{ height: HEIGHT, overflowY: 'auto', position: 'relative' }}
      onScroll={(e) => {
        const y = e.currentTarget.scrollTop;
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setTop(y), DEBOUNCE_MS);
      }}
    >
      <Box sx={{ height: students.length * ROW, position: 'relative' }}>
        {students.slice(first, last).map((s, i) => (
          <Paper
            key={s.id}
            variant="outlined"
            sx={{ position: 'absolute', top: (first + i) * ROW, left: 0, right: 0, height: ROW - 16, p: 1.5 }}
          >
            <Typography variant="subtitle2">
              {s.studentNumber ? `${s.studentNumber} ` : ''}
              {s.name} {s.surname}
            </Typography>
            {SMS_PHONE_KINDS.map((kind) => {
              const phone = phoneOf(s, kind);
              const ok = selectable(s, kind);
              return (
                <FormControlLabel
                  key={kind}
                  sx={{ display: 'flex' }}
                  control={
                    <Checkbox
                      size="small"
                      disabled={!ok}
                      checked={selected.has(selectionKey(s.id, kind))}
                      onChange={() => onToggle(selectionKey(s.id, kind))}
                    />
                  }
                  label={
                    <Typography variant="body2" color={ok ? 'text.primary' : 'text.disabled'}>
                      {PHONE_LABELS[kind]}: {phone ?? '—'}
                      {phone && !ok ? ` ${message('sms.noConsentLabel')}` : ''}
                    </Typography>
                  }
                />
              );
            })}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
