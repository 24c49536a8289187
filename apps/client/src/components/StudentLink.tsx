import Link from '@mui/material/Link';
import { formatStudentNumber } from '@okul/domain';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** product.md 2: /giris/ogrenci-detay/{studentNumber}. */
export function studentDetailPath(studentNumber: number): string {
  return `/giris/ogrenci-detay/${formatStudentNumber(studentNumber)}`;
}

/**
 * A link to a student's detail page that navigates inside the app (a plain link for new tabs). The path is
 * built here rather than typed against the route tree: the student screens are registered on their own.
 */
export function StudentLink({ studentNumber, children }: { studentNumber: number; children: ReactNode }) {
  const navigate = useNavigate();
  const href = studentDetailPath(studentNumber);
  return (
    <Link
      href={href}
      underline="hover"
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </Link>
  );
}
