import { Module } from '@nestjs/common';
import { PAYMENT_HANDLERS } from './payment.commands';
import { PaymentsController } from './payments.controller';
import { PaymentsQueries } from './payments.queries';

@Module({ controllers: [PaymentsController], providers: [PaymentsQueries, ...PAYMENT_HANDLERS] })
export class PaymentsModule {}
