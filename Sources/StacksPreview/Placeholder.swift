import StacksCore
