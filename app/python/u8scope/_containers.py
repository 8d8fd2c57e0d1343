"""The containers u8scope's functions take besides a list (app/python/value_map.h): a pandas
Series comes back as a Series with the same index and name, a numpy array as an array of the same
shape, with dtype object (the results may be str, bytes or report objects); any other iterable as
a list. Neither pandas nor numpy is imported unless such a value is given."""


def _is_series(values):
    cls = type(values)
    return cls.__module__.startswith('pandas') and cls.__name__ == 'Series'


def _is_array(values):
    cls = type(values)
    return cls.__module__ == 'numpy' and cls.__name__ == 'ndarray'


def unpack(values):
    """(items, pack): the items as a list, and the function that makes the results a container
    of the kind `values` is (None: a list)."""
    if _is_series(values):
        import pandas

        def pack_series(results):
            return pandas.Series(results, index=values.index, name=values.name, dtype=object)
        return values.to_numpy(dtype=object).tolist(), pack_series
    if _is_array(values):
        import numpy

        def pack_array(results):
            out = numpy.fromiter(results, dtype=object, count=len(results))
            return out.reshape(values.shape)
        return values.ravel().tolist(), pack_array
    return list(values), None
