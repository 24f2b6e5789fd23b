import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ApiProvider } from '@/components/trpc/provider';
import { LeftoverEdits } from '@/components/workspace/LeftoverEdits';
import './globals.css';

export const metadata: Metadata = {
  title: 'Labelport',
  description: 'Label a folder of images with boxes and polygons, locally.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <ApiProvider>
          <LeftoverEdits />
          {children}
        </ApiProvider>
      </body>
    </html>
  );
}
