import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Goes to /giris `ms` after `active` turns true (api.md 9.4: payment success and finalise 3 s, invitation
 * 5 s, password reset 2 s).
 */
export function useRedirectToLoginAfter(active: boolean, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => void navigate({ to: '/giris', replace: true }), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms, navigate]);
}
