import { Module } from '@nestjs/common';
import {
  AddAccountingEntryHandler,
  EditAccountingEntryHandler,
  ReverseAccountingEntryHandler,
} from './accounting.commands';
import { AccountingController } from './accounting.controller';

@Module({
  controllers: [AccountingController],
  providers: [AddAccountingEntryHandler, EditAccountingEntryHandler, ReverseAccountingEntryHandler],
})
export class AccountingModule {}
