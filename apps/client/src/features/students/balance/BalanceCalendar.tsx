import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatTl } from '@okul/domain';
import { addMonths, format, parseISO } from 'date-fns';
import { tr } from 'date-fns/locale';
import { useMemo, useState } from 'react';
import type { BalanceSheetRow } from '@okul/domain';
import { ENTRY_LABELS, dayKey, entriesByDay, monthGrid } from './balance';

const WEEKDAYS = ['Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt', 'Paz'];

/** product.md 2: the student calendar of balance events, a month at a time (Monday first, api.md 9.4). */
export function BalanceCalendar({
  entries,
  courseName,
}: {
  entries: readonly BalanceSheetRow[];
  courseName: (courseId: string) => string;
}) {
  const [month, setMonth] = useState(() => new Date());
  const weeks = useMemo(() => monthGrid(month), [month]);
  const byDay = useMemo(() => entriesByDay(entries), [entries]);
  const today = dayKey(new Date());
  const label = format(month, 'LLLL yyyy', { locale: tr });

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label="Önceki ay" onClick={() => setMonth((m) => addMonths(m, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
          {label}
        </Typography>
        <IconButton aria-label="Sonraki ay" onClick={() => setMonth((m) => addMonths(m, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box
        role="grid"
        aria-label={`Bakiye takvimi: ${label}`}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
      >
        {WEEKDAYS.map((d) => (
          <Typography
            key={d}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', fontWeight: 600 }}
          >
            {d}
          </Typography>
        ))}
        {weeks.flat().map((cell) => {
          const list = byDay.get(cell.key) ?? [];
          return (
            <Box
              key={cell.key}
              role="gridcell"
              aria-label={format(cell.date, 'dd.MM.yyyy')}
              sx={{
                minHeight: 72,
                p: 0.5,
                borderRadius: 1,
                border: 1,
                borderColor: cell.key === today ? 'primary.main' : 'divider',
                bgcolor: cell.inMonth ? 'background.paper' : 'action.hover',
                opacity: cell.inMonth ? 1 : 0.6,
                overflow: 'hidden',
              }}
            >
              <Typography variant="caption" sx={{ fontWeight: cell.key === today ? 700 : 400 }}>
                {cell.date.getDate()}
              </Typography>
              {list.map((e) => (
                <Tooltip
                  key={`${e.type}-${e.sourceId}-${e.timestamp}`}
                  title={`${ENTRY_LABELS[e.type]} · ${courseName(e.courseID)} · ${format(parseISO(e.timestamp), 'HH:mm')} · Bakiye ${formatTl(e.rollingBalance)}`}
                >
                  <Box
                    sx={{
                      mt: 0.25,
                      px: 0.5,
                      borderRadius: 0.5,
                      fontSize: 11,
                      lineHeight: 1.5,
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      color: 'common.white',
                      bgcolor: e.amount >= 0 ? 'secondary.main' : 'error.main',
                    }}
                  >
                    {ENTRY_LABELS[e.type]} {formatTl(e.amount)}
                  </Box>
                </Tooltip>
              ))}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
