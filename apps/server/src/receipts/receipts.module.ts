import { Module } from '@nestjs/common';
import { IssuePaymentReceiptHandler } from './receipts.commands';
import { ReceiptsController } from './receipts.controller';

@Module({ controllers: [ReceiptsController], providers: [IssuePaymentReceiptHandler] })
export class ReceiptsModule {}
