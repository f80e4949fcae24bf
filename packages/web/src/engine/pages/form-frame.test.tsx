import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { createApiClient, createHttpClient } from '../../api/http-client.ts';
import { createSwrConfig } from '../../api/swr-config.ts';
import { MEMBER_FORM, member, ok } from '../../test/engine-fixtures.ts';
import { fakeHttp } from '../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi } from '../../test/render-app.tsx';
import { UiKitProvider } from '../../ui/provider/ui-kit-provider.tsx';
import { createMemoryHistory } from '../../ui/routing/history.ts';
import { RouterProvider } from '../../ui/routing/router.tsx';
import { framedForm } from './form-frame.tsx';

afterEach(() => setApiClient(null));

describe('a framed form screen', () => {
  it("shows the record's heading and the way back before the form's code has come, then the form", async () => {
    const fake = fakeHttp(
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/form/member/schema') return ok(MEMBER_FORM);
        if (request.url === '/api/cms/form/member/5') return ok(member(5, 'Čermák', 'Jan'));
        return undefined;
      }),
    );
    setApiClient(createApiClient(createHttpClient({ adapter: fake.adapter })));
    let arrive: (page: ComponentType) => void = () => {};
    const page = new Promise<ComponentType>((resolve) => (arrive = resolve));
    const Frame = framedForm('member', 'member.edit', () => page);
    const router = {
      history: createMemoryHistory('', '/clenove/edit?id=5'),
      resolve: () => ({ routeName: 'member.edit', params: {}, layers: [Frame] }),
      pendingPage: () => null,
      errorPage: () => null,
    };
    render(
      <UiKitProvider env="test">
        <SWRConfig value={{ ...createSwrConfig(), provider: () => new Map(), dedupingInterval: 0 }}>
          <RouterProvider router={router} />
        </SWRConfig>
      </UiKitProvider>,
    );

    const heading = await screen.findByRole('heading', { level: 1, name: 'Úprava člena: Jan Čermák' });
    expect(heading.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Členové' })).toHaveAttribute('href', '/clenove');

    arrive(() => <p>Formulář</p>);
    expect(await screen.findByText('Formulář')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
