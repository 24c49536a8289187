import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { PlanCardView } from './plans';

export interface PlanCardProps {
  plan: PlanCardView;
  /** The landing page's button under the price (product.md 2: price cards). */
  action?: ReactNode;
  /** The /odeme picker: the card is a radio. */
  selectable?: boolean;
  selected?: boolean;
  onSelect?: () => void;
}

/** One plan of api.md 9.1: name, price in TL, monthly equivalent, discount; the 12-month one highlighted. */
export function PlanCard({ plan, action, selectable, selected, onSelect }: PlanCardProps) {
  const body = (
    <CardContent sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }}>
        <Typography variant="h6" component="h3">
          {plan.name}
        </Typography>
        {plan.highlighted && <Chip label="En avantajlı" color="secondary" size="small" />}
      </Stack>
      <Box>
        <Typography
          component="p"
          sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, color: 'primary.main' }}
        >
          {plan.priceText}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
          {plan.monthlyText ?? 'aylık ödeme'}
        </Typography>
      </Box>
      <Box sx={{ minHeight: 24 }}>
        {plan.discountText && (
          <Chip
            label={plan.discountText}
            size="small"
            variant="outlined"
            color="secondary"
            sx={{ fontWeight: 600 }}
          />
        )}
      </Box>
      <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
        {[
          'Tüm modüller dâhil',
          'Sınırsız öğrenci ve eğitmen',
          `${plan.lengthMonths} ay kesintisiz kullanım`,
        ].map((line) => (
          <Stack key={line} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CheckIcon fontSize="small" color="secondary" />
            <Typography variant="body2">{line}</Typography>
          </Stack>
        ))}
      </Stack>
      {action}
    </CardContent>
  );

  // Among cards to choose from, only the chosen one has the coloured border and tint: the 12-month plan
  // keeps its chip, so it does not look chosen while nothing is.
  const emphasised = plan.highlighted && !selectable;
  return (
    <Card
      variant="outlined"
      sx={(t) => ({
        height: '100%',
        position: 'relative',
        borderWidth: emphasised || selected ? 2 : 1,
        borderColor: selected ? 'secondary.main' : emphasised ? 'primary.main' : 'divider',
        boxShadow: emphasised ? `0 12px 32px ${alpha(t.palette.primary.main, 0.18)}` : 'none',
        background: selected
          ? alpha(t.palette.secondary.main, 0.06)
          : emphasised
            ? `linear-gradient(180deg, ${alpha(t.palette.primary.main, 0.07)}, ${t.palette.background.paper} 55%)`
            : t.palette.background.paper,
        transition: 'transform 0.4s, box-shadow 0.4s',
        '&:hover': { transform: 'translateY(-2px)' },
      })}
    >
      {selectable ? (
        <CardActionArea
          role="radio"
          aria-checked={!!selected}
          aria-label={`${plan.name} abonelik, ${plan.priceText}`}
          onClick={onSelect}
          sx={{ height: '100%' }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
