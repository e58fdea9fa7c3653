import type { ReactNode } from 'react';

/** The frame of /login and /signup; the server's message sits in a reserved red line. */
export function AuthCard({
  title,
  subtitle,
  error,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  error: string | null;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md py-6 sm:py-12">
      <div className="rounded-card border border-line bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-black tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted">{subtitle}</p>
        <p role="alert" className="mt-4 min-h-5 text-sm font-medium text-danger">
          {error}
        </p>
        {children}
      </div>
      <p className="mt-5 text-center text-sm text-ink-soft">{footer}</p>
    </section>
  );
}
