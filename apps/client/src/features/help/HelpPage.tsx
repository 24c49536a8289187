import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PANEL_PAGES } from '../../routes/panel/menu';
import { HELP_TOPICS, searchHelp, topicScreen, type HelpTopic } from './help-topics';

const KIND_LABEL: Record<HelpTopic['kind'], string> = { sss: 'Sık sorulan', nasil: 'Nasıl yapılır' };

/** Menu pages a topic can link to (detail and edit pages need a record, so they are not linked). */
function screenPath(t: HelpTopic): string | null {
  if (t.page === 'help') return null;
  const page = PANEL_PAGES[t.page] as { path: string; inMenu?: boolean };
  return page.inMenu === false ? null : page.path;
}

/** /giris/yardim (school-admin): the help topics of every screen, filtered as the user types. */
export function HelpPage() {
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchHelp(query, HELP_TOPICS), [query]);
  return (
    <>
      <PageHeader title="Yardım" subtitle="Sık sorulan sorular ve her ekran için nasıl yapılır anlatımları" />
      <TextField
        fullWidth
        autoFocus
        label="Yardımda ara"
        placeholder="Örneğin: yoklama, şifre, SMS kredisi"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2 }}
      />
      <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
        {query.trim() === '' ? `${found.length} konu` : `${found.length} konu bulundu`}
      </Typography>
      {found.length === 0 ? (
        <Typography>"{query.trim()}" için bir konu bulunamadı. Başka bir kelime deneyin.</Typography>
      ) : (
        <Stack spacing={1}>
          {found.map((t) => {
            const path = screenPath(t);
            return (
              <Accordion key={t.id} disableGutters variant="outlined">
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="h2" sx={{ fontWeight: 600 }}>
                      {t.title}
                    </Typography>
                    <Chip size="small" label={topicScreen(t)} />
                    <Chip size="small" variant="outlined" label={KIND_LABEL[t.kind]} />
                  </Stack>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography>{t.body}</Typography>
                  {path && (
                    <Link component={RouterLink} to={path} sx={{ display: 'inline-block', mt: 1 }}>
                      {topicScreen(t)} sayfasına git
                    </Link>
                  )}
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Stack>
      )}
    </>
  );
}
