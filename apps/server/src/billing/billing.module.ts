import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import express from 'express';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { BillingController } from './billing.controller';
import {
  CompletePaymentHandler,
  FinalizeMockCheckoutHandler,
  InitiateCheckoutHandler,
  ProcessPaymentCallbackHandler,
} from './billing.commands';
import { BillingQueries } from './billing.queries';
import { PaymentJobs } from './payment-jobs';
import { MockProvider } from './mock-provider';
import { PAYMENT_PROVIDERS, type PaymentProviders } from './payment-provider';
import { PosnetProvider } from './posnet-provider';

export function createPaymentProviders(config: AppConfig): PaymentProviders {
  return { posnet: new PosnetProvider(config), mock: new MockProvider(config.jwtSecret) };
}

@Module({
  controllers: [BillingController],
  providers: [
    BillingQueries,
    PaymentJobs,
    InitiateCheckoutHandler,
    CompletePaymentHandler,
    ProcessPaymentCallbackHandler,
    FinalizeMockCheckoutHandler,
    { provide: PAYMENT_PROVIDERS, useFactory: createPaymentProviders, inject: [CONFIG] },
  ],
})
export class BillingModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    // The bank posts its callback as an HTML form (application/x-www-form-urlencoded), not JSON.
    consumer
      .apply(express.urlencoded({ extended: false, limit: '128kb' }))
      .forRoutes({ path: 'api/v1/payment/posnet/callback', method: RequestMethod.POST });
  }
}
