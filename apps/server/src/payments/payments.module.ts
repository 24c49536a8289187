import { Module } from '@nestjs/common';
import { RunPaymentHandler } from './payment.commands';
import { PaymentsController } from './payments.controller';
import { PaymentsQueries } from './payments.queries';

@Module({ controllers: [PaymentsController], providers: [PaymentsQueries, RunPaymentHandler] })
export class PaymentsModule {}
