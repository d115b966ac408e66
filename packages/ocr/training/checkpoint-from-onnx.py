"""Makes a fine-tuning start (`train.py --init`) from a shipped notation network's ONNX file, when the
.pt written beside it at training time was not kept.

  /usr/bin/python3 packages/ocr/training/checkpoint-from-onnx.py --onnx packages/ocr/models/notation-crnn.onnx \
      --data packages/ocr/.train/all --out packages/ocr/.train/shipped.pt

The export folds each batch normalisation into the convolution before it, so the ONNX file holds one
weight and one bias per convolution. The checkpoint keeps that weight and gives every normalisation the
mean and spread of its convolution's output over cells of `--data`: in evaluation mode the network is the
shipped one exactly (the script checks it), and in training mode, where a batch's own statistics are used,
it starts close to it instead of from an arbitrary point.
"""
import argparse
import glob
import importlib.util
import os
import struct

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def load_train_module():
    spec = importlib.util.spec_from_file_location("train", os.path.join(HERE, "train.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def varint(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def protobuf_fields(data):
    """(field number, wire type, value) of one protobuf message; enough of the format for ONNX's tensors."""
    at = 0
    while at < len(data):
        key, at = varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(data, at)
        elif wire == 1:
            value, at = data[at:at + 8], at + 8
        elif wire == 5:
            value, at = data[at:at + 4], at + 4
        elif wire == 2:
            length, at = varint(data, at)
            value, at = data[at:at + length], at + length
        else:
            raise ValueError(f"protobuf wire type {wire} not expected in an ONNX file")
        yield number, wire, value


def onnx_tensor(data):
    """TensorProto: dims (1), float_data (4), name (8), raw_data (9)."""
    dims, name, raw, floats = [], None, None, []
    for number, wire, value in protobuf_fields(data):
        if number == 1:
            if wire == 2:
                at = 0
                while at < len(value):
                    dim, at = varint(value, at)
                    dims.append(dim)
            else:
                dims.append(value)
        elif number == 8:
            name = value.decode()
        elif number == 9:
            raw = value
        elif number == 4:
            floats.extend(struct.unpack(f"<{len(value) // 4}f", value) if wire == 2 else struct.unpack("<f", value))
    array = np.frombuffer(raw, dtype=np.float32).copy() if raw is not None else np.array(floats, dtype=np.float32)
    return name, array.reshape(dims)


def onnx_convolutions(path):
    """Each Conv node's (weight, bias), in the graph's order (ModelProto.graph = 7; GraphProto.node = 1, initializer = 5)."""
    model = open(path, "rb").read()
    graph = next(value for number, _, value in protobuf_fields(model) if number == 7)
    initialisers, convolutions = {}, []
    for number, _, value in protobuf_fields(graph):
        if number == 5:
            name, array = onnx_tensor(value)
            initialisers[name] = array
        elif number == 1:
            inputs, op = [], None
            for field, _, part in protobuf_fields(value):
                if field == 1:
                    inputs.append(part.decode())
                elif field == 4:
                    op = part.decode()
            if op == "Conv":
                convolutions.append(inputs[1:])
    return [(torch.from_numpy(initialisers[w]), torch.from_numpy(initialisers[b])) for w, b in convolutions]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--onnx", required=True)
    parser.add_argument("--data", required=True, help="a make-dataset.ts folder: the normalisations' statistics come from its cells")
    parser.add_argument("--out", required=True)
    parser.add_argument("--cells", type=int, default=4096)
    args = parser.parse_args()
    if not os.path.isfile(args.onnx):
        raise SystemExit(f"checkpoint-from-onnx: no such file: {args.onnx}")
    if not glob.glob(os.path.join(args.data, "cells-*.bin")):
        raise SystemExit(f"checkpoint-from-onnx: no cells-*.bin shards in {args.data} (make-dataset.ts writes them)")
    train = load_train_module()
    net = train.Crnn(len(train.SYMBOLS) + 1)
    net.eval()
    convs = [m for m in net.modules() if isinstance(m, (torch.nn.Conv2d, torch.nn.Conv1d))]
    norms = [m for m in net.modules() if isinstance(m, (torch.nn.BatchNorm2d, torch.nn.BatchNorm1d))]
    try:
        fused = onnx_convolutions(args.onnx)
    except (ValueError, IndexError, StopIteration, KeyError, UnicodeDecodeError) as error:
        raise SystemExit(f"checkpoint-from-onnx: {args.onnx} is not an ONNX model this script can read ({error!r})")
    if len(fused) != len(convs) or len(norms) != len(convs) - 1:
        raise SystemExit(f"{args.onnx} has {len(fused)} convolutions; the network in train.py has {len(convs)}")
    # First every normalisation as the identity plus the folded bias: the network is then the exported one.
    with torch.no_grad():
        for conv, norm, (weight, bias) in zip(convs, norms + [None], fused):
            if conv.weight.shape != weight.shape:
                raise SystemExit(f"a convolution of {args.onnx} is {tuple(weight.shape)}, train.py's {tuple(conv.weight.shape)}")
            conv.weight.copy_(weight)
            if norm is None:
                conv.bias.copy_(bias)
                continue
            norm.running_mean.zero_()
            norm.running_var.fill_(1 - norm.eps)
            norm.weight.fill_(1)
            norm.bias.copy_(bias)
    cells, check = train.load(args.data)
    random_order = np.random.default_rng(1).permutation(len(cells))[:args.cells]
    sample = [cells[i] for i in random_order]
    probe = train.to_tensor(sample, list(range(min(64, len(sample)))))
    with torch.no_grad():
        before = net(probe)
    # Then each normalisation takes its convolution's output statistics, with its scale and shift set so that
    # evaluation mode computes the same function.
    sums = [None] * len(norms)
    hooks = []
    for index, conv in enumerate(convs[:-1]):
        def record(_module, _inputs, output, index=index):
            values = output.detach().transpose(0, 1).reshape(output.shape[1], -1)
            part = (values.shape[1], values.sum(1), (values * values).sum(1))
            sums[index] = part if sums[index] is None else tuple(a + b for a, b in zip(sums[index], part))
        hooks.append(conv.register_forward_hook(record))
    with torch.no_grad():
        for group in train.batches(sample, 128, False):
            net(train.to_tensor(sample, group))
    for hook in hooks:
        hook.remove()
    with torch.no_grad():
        for norm, (count, total, squares) in zip(norms, sums):
            mean = total / count
            spread = (squares / count - mean * mean).clamp_min(4 * norm.eps).sqrt()
            shift = norm.bias.clone()
            norm.running_mean.copy_(mean)
            norm.running_var.copy_(spread * spread - norm.eps)
            norm.weight.copy_(spread)
            norm.bias.copy_(mean + shift)
        after = net(probe)
    difference = (before - after).abs().max().item()
    print(f"{len(sample)} cells for the statistics; largest change of a logit in evaluation mode {difference:.2e}")
    if difference > 1e-3:
        raise SystemExit("the checkpoint does not compute the exported network")
    result = train.evaluate(net, check)
    print("check shard, greedy: " + ", ".join(f"{kind} {right:.1f}% (CER {cer:.2f}%)" for kind, (right, cer) in result.items()))
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    torch.save(net.state_dict(), args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
