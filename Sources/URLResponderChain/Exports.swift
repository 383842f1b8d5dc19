// Apps import `URLResponderChain` alone and get the portable core with it.
@_exported public import URLResponderChainCore
