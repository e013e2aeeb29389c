import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { FullPageSpinner } from './FullPageSpinner';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
