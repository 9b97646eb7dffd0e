import { createBrowserRouter } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth/require-auth';
import { RootLayout } from './layout/root-layout';
import { AboutPage } from './routes/about';
import { AllBooksPage } from './routes/all-books';
import { BlogPage } from './routes/blog';
import { dashboardRoute } from './routes/dashboard/routes';
import { HomePage } from './routes/home';
import { LoginPage } from './routes/login';
import { MyItemsPage } from './routes/my-items';
import { NotFoundPage } from './routes/not-found';
import { RegisterPage } from './routes/register';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.homeAlias, element: <HomePage /> },
      { path: paths.blog, element: <BlogPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.allBooks, element: <AllBooksPage /> },
          { path: paths.myItems, element: <MyItemsPage /> },
          dashboardRoute,
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
